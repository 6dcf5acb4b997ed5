import { DeploymentUnitOutlined, FileOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { newestOrigin, type WorkDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useExportLas } from '../api/get-public-work';

interface OwnerDownloadsProps {
  work: WorkDetail;
  /** A point cloud with a processed octree: its LAS export can be made. */
  lasReady: boolean;
}

/** The owner's files: the original upload (as uploaded) and, for a processed point cloud, the LAS export. */
export function OwnerDownloads({ work, lasReady }: OwnerDownloadsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const exportLas = useExportLas();
  const origin = newestOrigin(work.assets);
  if (!origin && !lasReady) return null;

  const startLas = () => {
    const key = `las-${work.uid}`;
    void message.open({ key, type: 'loading', duration: 0, content: t('details.downloads.lasPreparing') });
    exportLas.mutate(work.uid, {
      onSuccess: () => void message.open({ key, type: 'success', content: t('details.downloads.lasStarted') }),
      onError: (error) =>
        void message.open({
          key,
          type: 'error',
          content: (error instanceof ApiError && error.message) || t('details.downloads.lasFailed'),
        }),
    });
  };

  return (
    <Space wrap className="details-downloads" data-testid="details-downloads">
      {origin && (
        <Button icon={<FileOutlined />} href={origin.url} download={origin.fileName} data-testid="details-download-original">
          {t('details.downloads.original')}
        </Button>
      )}
      {lasReady && (
        <Button icon={<DeploymentUnitOutlined />} loading={exportLas.isPending} onClick={startLas} data-testid="details-export-las">
          {t('details.downloads.las')}
        </Button>
      )}
    </Space>
  );
}
