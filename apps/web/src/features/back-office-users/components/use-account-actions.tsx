import { App } from 'antd';
import type { AdminUserSummary, SignOutEverywhereResult } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useChangeAdminUser, type AdminUserChange } from '../api/change-admin-user';

type Account = Pick<AdminUserSummary, 'uid' | 'name' | 'disabled' | 'enterprise'>;

/**
 * The account changes that need a confirmation (disable, enable, sign out everywhere, the enterprise
 * flag), shared by the list's row actions and the user's page. Each asks first, then says what happened.
 */
export function useAccountActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const change = useChangeAdminUser();

  const confirm = (
    account: Account,
    options: {
      title: string;
      content: string;
      okText: string;
      danger?: boolean;
      done: (result: unknown) => string;
      change: AdminUserChange;
    },
  ): void => {
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

  return {
    busy: change.isPending,
    disable: (account: Account) =>
      confirm(account, {
        title: t('backOffice.access.disableTitle', { name: account.name }),
        content: t('backOffice.access.disableConfirm'),
        okText: t('backOffice.access.disable'),
        danger: true,
        change: { kind: 'disable' },
        done: () => t('backOffice.access.disabled'),
      }),
    enable: (account: Account) =>
      confirm(account, {
        title: t('backOffice.access.enableTitle', { name: account.name }),
        content: t('backOffice.access.enableConfirm'),
        okText: t('backOffice.access.enable'),
        change: { kind: 'enable' },
        done: () => t('backOffice.access.enabled'),
      }),
    signOutEverywhere: (account: Account) =>
      confirm(account, {
        title: t('backOffice.access.signOutTitle', { name: account.name }),
        content: t('backOffice.access.signOutConfirm'),
        okText: t('backOffice.access.signOut'),
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
