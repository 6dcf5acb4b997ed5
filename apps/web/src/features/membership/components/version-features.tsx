import { Alert, Empty, Modal, Skeleton, Tree, type TreeDataNode } from 'antd';
import type { PermissionGroupNode, PermissionNode } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useMembershipVersion } from '../api/versions';

function permissionNodes(menus: readonly PermissionNode[]): TreeDataNode[] {
  return menus.map((menu) => ({ key: `perm-${menu.permId}`, title: menu.permName, children: permissionNodes(menu.subMenus) }));
}

/** A version's permission groups as a read-only tree (spec 3: groupName, menus, subMenus). */
export function VersionFeatureTree({ groups }: { groups: readonly PermissionGroupNode[] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('membership.features.empty')} />;
  const treeData = groups.map((group) => ({
    key: `group-${group.groupCode}`,
    title: <strong>{group.groupName}</strong>,
    children: permissionNodes(group.menus),
  }));
  return <Tree treeData={treeData} defaultExpandAll selectable={false} blockNode showLine className="version-features" />;
}

/** "View version features": the chosen version's detail in a dialog. */
export function VersionFeaturesModal({ versionId, onClose }: { versionId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useMembershipVersion(versionId);
  return (
    <Modal
      open={versionId !== undefined}
      title={detail.data ? t('membership.features.title', { name: detail.data.identityName }) : t('membership.dialog.viewFeatures')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={520}
    >
      <div data-testid="version-features">
        {detail.isPending ? (
          <Skeleton active />
        ) : detail.isError ? (
          <Alert type="warning" showIcon title={t('membership.features.loadFailed')} />
        ) : (
          <VersionFeatureTree groups={detail.data.permGroups} />
        )}
      </div>
    </Modal>
  );
}
