import { Button, Drawer, Grid } from 'antd';
import type { WorkType } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../../../lib/use-retained';
import { UploadPanel } from './upload-panel';

/** What the upload drawer needs to know about the work it uploads to. */
export interface UploadTarget {
  uid: string;
  type: WorkType;
  name: string;
}

interface UploadDrawerProps {
  target: UploadTarget | null;
  onClose: () => void;
  onUploaded: () => void;
}

/** Hosts the upload panel for one work: from the actions menu, the completeness check, or right after creating it. */
export function UploadDrawer({ target, onClose, onUploaded }: UploadDrawerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const shown = useRetained(target);
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={t('works.upload.title', { name: shown?.name ?? '' })}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
      footer={
        <div className="upload-drawer__footer">
          <Button type="primary" onClick={onClose}>
            {t('works.upload.done')}
          </Button>
        </div>
      }
    >
      {shown && <UploadPanel uid={shown.uid} workType={shown.type} onUploaded={onUploaded} />}
    </Drawer>
  );
}
