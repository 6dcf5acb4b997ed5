import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteAsset } from '../api/delete-asset';

interface RemovalTexts {
  title: string;
  content: string;
  okText: string;
  /** The success message. */
  done: string;
}

/** Asks first, then deletes one of the work's files; a refusal was already shown by the HTTP client. */
export function useConfirmAssetRemoval(uid: string) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const remove = useDeleteAsset(uid);

  const confirmRemoval = (assetId: number, { title, content, okText, done }: RemovalTexts) => {
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        remove.mutateAsync(assetId).then(
          () => void message.success(done),
          () => undefined,
        ),
    });
  };

  return { confirmRemoval, removing: remove.isPending };
}
