import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The prompt the header shows a visitor before what needs a session (spec 2.6): Login goes to /login and back to `then`. */
export function useLoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  return (then: string) =>
    modal.confirm({
      title: t('errors.loginRequiredTitle'),
      content: t('errors.loginRequired'),
      okText: t('common.actions.login'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { 'data-testid': 'login-prompt-ok' },
      onOk: () => navigate(`/login?redirect=${encodeURIComponent(then)}`),
    });
}
