import { LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Skeleton, Space, Tag, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { toggle, type UserPermissionGroupNode, type UserPermissionNode, type UserPermissionTree } from '@spatia/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { usePermissionTree, useSavePermissions } from '../api/permission-tree';
import { checkedKeysOf, contractKeyOf, lockedIdsOf, lockReasonOf, sameIds, treeNodeKey } from '../lib/permission-tree-view';
import './back-office-users.css';

/**
 * Spec 3's permission tree of one user. antd's Tree runs with `checkStrictly` (it checks nothing by
 * itself): the boxes come from the contract's `treeCheckState`, a click goes through its `toggle`, so a
 * parent is checked when all its permissions are and half checked when some are, and 276 and what
 * roles or the membership give stay checked (their boxes are disabled, with the reason beside them).
 */
export function PermissionTreeCard({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const tree = usePermissionTree(uid);
  let body;
  if (tree.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (tree.isError) {
    body = <LoadFailed title={t('backOffice.tree.loadFailed')} query={tree} />;
  } else {
    // Keyed by the saved list: a save (or a change of roles) starts the editor afresh.
    body = <PermissionTreeEditor key={tree.data.permlist.join(',')} tree={tree.data} />;
  }
  return (
    <Card className="bo-detail__card" title={t('backOffice.tree.title')} data-testid="permission-tree">
      {body}
    </Card>
  );
}

function PermissionTreeEditor({ tree }: { tree: UserPermissionTree }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePermissions(tree.uid);
  const saved = useMemo(() => new Set(tree.permlist), [tree.permlist]);
  const [checkedIds, setCheckedIds] = useState<Set<number>>(saved);
  const lockedIds = useMemo(() => lockedIdsOf(tree.groups), [tree.groups]);
  const treeData = useMemo(() => toTreeData(tree.groups, t), [tree.groups, t]);
  const checkedKeys = checkedKeysOf(tree.groups, checkedIds);
  const changed = !sameIds(checkedIds, saved);

  const onSave = () =>
    save.mutateAsync([...checkedIds].sort((a, b) => a - b)).then(
      () => void message.success(t('backOffice.tree.saved')),
      () => undefined,
    );

  return (
    <>
      <Typography.Paragraph type="secondary">{t('backOffice.tree.help')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        className="bo-tree__viewer"
        items={[
          { key: 'uid', label: t('backOffice.tree.uid'), children: <code>{tree.uid}</code> },
          { key: 'phone', label: t('backOffice.tree.phone'), children: tree.phone },
          {
            key: 'permlist',
            label: t('backOffice.tree.permlist'),
            children: (
              <span className="bo-tree__permlist" data-testid="permlist">
                {tree.permlist.join(', ')}
              </span>
            ),
          },
        ]}
      />
      <Tree
        className="bo-tree"
        aria-label={t('backOffice.tree.treeLabel')}
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={checkedKeys}
        onCheck={(_, info) =>
          setCheckedIds((current) => toggle(tree.groups, current, contractKeyOf(String(info.node.key)), info.checked, lockedIds))
        }
      />
      <div className="bo-detail__card-actions">
        <Space wrap>
          {changed && <Typography.Text type="warning">{t('backOffice.tree.unsaved')}</Typography.Text>}
          <Button disabled={!changed} onClick={() => setCheckedIds(new Set(saved))}>
            {t('backOffice.tree.reset')}
          </Button>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => void onSave()} data-testid="save-permissions">
            {t('backOffice.tree.save')}
          </Button>
        </Space>
      </div>
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function toTreeData(groups: readonly UserPermissionGroupNode[], t: Translate): TreeDataNode[] {
  const permission = (node: UserPermissionNode): TreeDataNode => {
    const reason = lockReasonOf(node);
    const title = (
      <span className="bo-tree__title" data-testid={`perm-${node.permId}`} data-locked={reason ?? undefined}>
        <span>{node.permName}</span>
        <code className="bo-tree__id">{node.permId}</code>
        {reason && <LockOutlined className="bo-tree__lock" aria-label={t(`backOffice.tree.lock.${reason}`)} />}
        {node.source === 'grant' && (
          <Tag className="bo-tree__granted" color="blue" variant="outlined">
            {t('backOffice.tree.granted')}
          </Tag>
        )}
      </span>
    );
    return {
      key: treeNodeKey(node.permId),
      title: reason ? <Tooltip title={t(`backOffice.tree.lock.${reason}`)}>{title}</Tooltip> : title,
      disableCheckbox: reason !== null,
      children: node.subMenus.map(permission),
    };
  };
  return groups.map((group) => ({
    key: treeNodeKey(group.groupCode),
    title: (
      <span className="bo-tree__group" data-testid={`group-${group.groupCode}`}>
        {group.groupName}
      </span>
    ),
    children: group.menus.map(permission),
  }));
}
