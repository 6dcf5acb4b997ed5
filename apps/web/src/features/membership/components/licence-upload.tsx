import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { LICENCE_IMAGE_TYPES, LICENCE_MAX_BYTES, uploadLicenceImage } from '../api/upload-licence';

/** The urls of the finished uploads, in the order shown; the first is the cover (spec 5). */
export function uploadedUrls(files: readonly UploadFile[]): string[] {
  return files.flatMap((file) => (file.status === 'done' && typeof file.response?.url === 'string' ? [file.response.url as string] : []));
}

export function uploadingCount(files: readonly UploadFile[]): number {
  return files.filter((file) => file.status === 'uploading').length;
}

/**
 * Licence images (business licence, registration certificate or ID): several allowed, each uploaded as
 * soon as it is chosen (spec 5) through `POST /c/upload`, shown as a thumbnail; the first is the cover.
 */
export function LicenceUpload({ files, onChange }: { files: UploadFile[]; onChange: (files: UploadFile[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const max = formatBytes(LICENCE_MAX_BYTES);
  const cover = files.find((file) => file.status === 'done')?.uid;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(LICENCE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('membership.dialog.notImage', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LICENCE_MAX_BYTES) {
      void message.error(t('membership.dialog.tooLarge', { name: file.name, max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadLicenceImage(file as Blob, (percent) => onProgress?.({ percent }))
      .then((url) => onSuccess?.({ url }))
      // The client has shown the server's message; the item turns red.
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };

  return (
    <Upload
      listType="picture-card"
      multiple
      accept={LICENCE_IMAGE_TYPES.join(',')}
      fileList={files}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) =>
        onChange(
          fileList.map((file) =>
            // The stored image (a link that opens for an hour) replaces the local preview once uploaded.
            file.status === 'done' && typeof file.response?.url === 'string' ? { ...file, url: file.response.url as string } : file,
          ),
        )
      }
      showUploadList={{ showPreviewIcon: false }}
      itemRender={(node, file) => (
        <div className="licence-upload__item" data-testid="licence-item" data-status={file.status}>
          {node}
          {file.uid === cover && <span className="licence-upload__cover">{t('membership.dialog.cover')}</span>}
        </div>
      )}
      className="licence-upload"
      data-testid="licence-upload"
    >
      <button type="button" className="licence-upload__button">
        <PlusOutlined aria-hidden />
        <span>{t('membership.dialog.upload')}</span>
      </button>
    </Upload>
  );
}

export { type UploadFile };
