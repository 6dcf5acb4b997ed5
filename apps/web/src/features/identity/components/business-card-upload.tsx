import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { BUSINESS_CARD_MAX_BYTES, BUSINESS_CARD_TYPES, uploadBusinessCard } from '../api/apply-identity';

/** The stored card's link once the upload finished, else ''. */
export function uploadedCardUrl(files: readonly UploadFile[] | undefined): string {
  const done = files?.find((file) => file.status === 'done');
  return typeof done?.response?.url === 'string' ? (done.response.url as string) : '';
}

/**
 * One business card image, uploaded as soon as it is chosen and shown as a thumbnail; choosing another
 * replaces it. A form item: `value` and `onChange` carry the upload list.
 */
export function BusinessCardUpload({ value, onChange }: { value?: UploadFile[]; onChange?: (files: UploadFile[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!(BUSINESS_CARD_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('identity.dialog.notImage', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > BUSINESS_CARD_MAX_BYTES) {
      void message.error(t('identity.dialog.tooLarge', { name: file.name, max: formatBytes(BUSINESS_CARD_MAX_BYTES) }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadBusinessCard(file as Blob, (percent) => onProgress?.({ percent }))
      .then((url) => onSuccess?.({ url }))
      // The client has shown the server's message; the thumbnail turns red.
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))));
  };

  return (
    <Upload
      listType="picture-card"
      maxCount={1}
      accept={BUSINESS_CARD_TYPES.join(',')}
      fileList={value ?? []}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) =>
        onChange?.(
          fileList.map((file) =>
            // The stored card (a link that opens for an hour) replaces the local preview once uploaded.
            file.status === 'done' && typeof file.response?.url === 'string' ? { ...file, url: file.response.url as string } : file,
          ),
        )
      }
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
