import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '../api/post-image';
import { formatBytes } from '../lib/format';

interface ImageUploadOptions {
  maxBytes: number;
  /** Sends one image; answers the stored image's link. */
  upload: (file: Blob, onProgress: (percent: number) => void) => Promise<string>;
}

/** The image types the server takes, widened to plain strings to check a chosen file's type against. */
const IMAGE_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

/**
 * What an antd Upload needs to send each chosen image at once: the type and size checks (a refused file
 * never joins the list, and a message names it) and the upload with its progress, its result the stored link.
 */
export function useImageUpload({ maxBytes, upload }: ImageUploadOptions): Pick<UploadProps, 'accept' | 'beforeUpload' | 'customRequest'> {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('common.imageUpload.notImage', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > maxBytes) {
      void message.error(t('common.imageUpload.tooLarge', { name: file.name, max: formatBytes(maxBytes) }));
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

  return { accept: IMAGE_TYPES.join(','), beforeUpload, customRequest };
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
