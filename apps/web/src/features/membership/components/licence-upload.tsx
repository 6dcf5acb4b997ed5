import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedUrlOf, useImageUpload, withStoredUrls } from '../../../components/use-image-upload';
import { LICENCE_MAX_BYTES, uploadLicenceImage } from '../api/upload-licence';

/** The urls of the finished uploads, in the order shown; the first is the cover (spec 5). */
export function uploadedUrls(files: readonly UploadFile[]): string[] {
  return files.flatMap((file) => storedUrlOf(file) ?? []);
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
  const cover = files.find((file) => file.status === 'done')?.uid;
  const imageUpload = useImageUpload({ maxBytes: LICENCE_MAX_BYTES, upload: uploadLicenceImage });

  return (
    <Upload
      {...imageUpload}
      listType="picture-card"
      multiple
      fileList={files}
      onChange={({ fileList }) => onChange(withStoredUrls(fileList))}
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
