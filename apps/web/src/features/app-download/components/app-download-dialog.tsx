import { DownloadOutlined } from '@ant-design/icons';
import { Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QR_CODE_SIZE_PX } from '@spatia/contract';
import { QrCode } from '../../../components/qr-code';
import { useMobileAppInfo } from '../api/get-mobile-app';

interface AppDownloadDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec 2.6: a QR code of where the capture app is downloaded, 200x200, highest error correction: the
 * configured package, else the site's own download page.
 */
export function AppDownloadDialog({ open, onClose }: AppDownloadDialogProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useMobileAppInfo(open);

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('layout.download.title')} width={360} centered destroyOnHidden>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, padding: '8px 0 4px' }}>
        {isPending ? (
          <div style={{ width: QR_CODE_SIZE_PX, height: QR_CODE_SIZE_PX, display: 'grid', placeItems: 'center' }}>
            <Spin />
          </div>
        ) : isError || !data?.downloadUrl ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.download.unavailable')} style={{ padding: '16px 8px' }} />
        ) : (
          <>
            <div style={{ padding: 12, background: '#fff', borderRadius: 12, boxShadow: '0 0 0 1px rgba(15,23,42,0.08)' }}>
              <QrCode value={data.downloadUrl} label={t('layout.download.hint')} testId="app-download-qr" />
            </div>
            <Typography.Text type="secondary">{t('layout.download.hint')}</Typography.Text>
            {data.apkUrl && (
              <Typography.Link href={data.apkUrl} target="_blank" rel="noopener noreferrer" data-testid="app-download-direct">
                <DownloadOutlined /> {t('layout.download.direct')}
              </Typography.Link>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
