import { App } from 'antd';
import type { AdminUserSummary, SignOutEverywhereResult } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useChangeAdminUser, type AdminUserChange } from '../api/change-admin-user';

type Account = Pick<AdminUserSummary, 'uid' | 'name' | 'disabled' | 'enterprise'>;

interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  danger?: boolean;
  done: (result: unknown) => string;
  change: AdminUserChange;
}

/**
 * The account changes that need a confirmation (disable, enable, sign out everywhere, the enterprise
 * flag), shared by the list's row actions and the user's page. Each asks first, then says what happened.
 */
export function useAccountActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const change = useChangeAdminUser();

  const confirm = (account: Account, options: ConfirmOptions): void => {
    void modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      okButtonProps: { danger: options.danger ?? false, 'data-testid': 'confirm-account-action' },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        change.mutateAsync({ uid: account.uid, change: options.change }).then(
          (result) => void message.success(options.done(result)),
          // The client has shown the server's message (e.g. "already disabled"); the dialog closes.
          () => undefined,
        ),
    });
  };

  /** A change whose texts follow its action: `backOffice.access.{action}Title`, `…Confirm`, and `{action}` on the button. */
  const confirmAction = (
    account: Account,
    action: 'disable' | 'enable' | 'signOut',
    options: Omit<ConfirmOptions, 'title' | 'content' | 'okText'>,
  ) =>
    confirm(account, {
      title: t(`backOffice.access.${action}Title`, { name: account.name }),
      content: t(`backOffice.access.${action}Confirm`),
      okText: t(`backOffice.access.${action}`),
      ...options,
    });

  return {
    busy: change.isPending,
    disable: (account: Account) =>
      confirmAction(account, 'disable', { danger: true, change: { kind: 'disable' }, done: () => t('backOffice.access.disabled') }),
    enable: (account: Account) =>
      confirmAction(account, 'enable', { change: { kind: 'enable' }, done: () => t('backOffice.access.enabled') }),
    signOutEverywhere: (account: Account) =>
      confirmAction(account, 'signOut', {
        danger: true,
        change: { kind: 'signOutEverywhere' },
        done: (result) => t('backOffice.access.signedOut', { count: (result as SignOutEverywhereResult).ended }),
      }),
    setEnterprise: (account: Account, enterprise: boolean) =>
      confirm(account, {
        title: t(enterprise ? 'backOffice.access.enterpriseOnTitle' : 'backOffice.access.enterpriseOffTitle', { name: account.name }),
        content: enterprise ? t('backOffice.access.enterpriseHelp') : t('backOffice.access.enterpriseOffConfirm'),
        okText: t('common.actions.confirm'),
        change: { kind: 'enterprise', enterprise },
        done: () => t(enterprise ? 'backOffice.access.enterpriseOn' : 'backOffice.access.enterpriseOff'),
      }),
  };
}
