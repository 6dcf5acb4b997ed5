import { App, Upload, type UploadFile, type UploadProps } from 'antd';

interface ImageUploadOptions {
  types: readonly string[];
  maxBytes: number;
  /** Sends one image; answers the stored image's link. */
  upload: (file: Blob, onProgress: (percent: number) => void) => Promise<string>;
  notImageMessage: (fileName: string) => string;
  tooLargeMessage: (fileName: string) => string;
}

/**
 * What an antd Upload needs to send each chosen image at once: the type and size checks (a refused file
 * never joins the list) and the upload with its progress, its result the stored link.
 */
export function useImageUpload({
  types,
  maxBytes,
  upload,
  notImageMessage,
  tooLargeMessage,
}: ImageUploadOptions): Pick<UploadProps, 'accept' | 'beforeUpload' | 'customRequest'> {
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!types.includes(file.type)) {
      void message.error(notImageMessage(file.name));
      return Upload.LIST_IGNORE;
    }
    if (file.size > maxBytes) {
      void message.error(tooLargeMessage(file.name));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    upload(file as Blob, (percent) => onProgress?.({ percent }))
      .then((url) => onSuccess?.({ url }))
      // The client has shown the server's message; the item turns red.
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };

  return { accept: types.join(','), beforeUpload, customRequest };
}

/** The stored image's link of a finished upload, else undefined. */
export function storedUrlOf(file: UploadFile): string | undefined {
  return file.status === 'done' && typeof file.response?.url === 'string' ? (file.response.url as string) : undefined;
}

/** The list with each finished upload showing its stored image (a link that opens for an hour) instead of the local preview. */
export function withStoredUrls(files: UploadFile[]): UploadFile[] {
  return files.map((file) => {
    const url = storedUrlOf(file);
    return url ? { ...file, url } : file;
  });
}
