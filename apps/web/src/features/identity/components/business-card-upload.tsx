import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { storedUrlOf, useImageUpload, withStoredUrls } from '../../../components/use-image-upload';
import { BUSINESS_CARD_MAX_BYTES, uploadBusinessCard } from '../api/apply-identity';

/** The stored card's link once the upload finished, else ''. */
export function uploadedCardUrl(files: readonly UploadFile[] | undefined): string {
  const done = files?.find((file) => file.status === 'done');
  return (done && storedUrlOf(done)) ?? '';
}

/**
 * One business card image, uploaded as soon as it is chosen and shown as a thumbnail; choosing another
 * replaces it. A form item: `value` and `onChange` carry the upload list.
 */
export function BusinessCardUpload({ value, onChange }: { value?: UploadFile[]; onChange?: (files: UploadFile[]) => void }) {
  const { t } = useTranslation();
  const imageUpload = useImageUpload({ maxBytes: BUSINESS_CARD_MAX_BYTES, upload: uploadBusinessCard });

  return (
    <Upload
      {...imageUpload}
      listType="picture-card"
      maxCount={1}
      fileList={value ?? []}
      onChange={({ fileList }) => onChange?.(withStoredUrls(fileList))}
      showUploadList={{ showPreviewIcon: false }}
      className="identity-card-upload"
      data-testid="business-card-upload"
    >
      <button type="button" className="identity-card-upload__button">
        <PlusOutlined aria-hidden />
        <span>{(value?.length ?? 0) > 0 ? t('identity.dialog.replace') : t('identity.dialog.upload')}</span>
      </button>
    </Upload>
  );
}
