import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EditorDrawerProps {
  open: boolean;
  title: string;
  saving: boolean;
  /** Submits the form inside. */
  onSave: () => void;
  onClose: () => void;
  saveTestId: string;
  children: ReactNode;
}

/** The drawer a showcase or landing page is edited in: the form, with Cancel and Save under it. */
export function EditorDrawer({ open, title, saving, onSave, onClose, saveTestId, children }: EditorDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="large"
      destroyOnHidden
      styles={{ wrapper: { maxWidth: '100vw' } }}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('brandPages.editor.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
            {t('brandPages.editor.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
