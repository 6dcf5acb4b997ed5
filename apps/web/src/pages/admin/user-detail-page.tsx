import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { ErrorCode } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PermissionTreeCard, useAdminUser, UserAccessCard, UserFactsCard, UserRolesCard } from '../../features/back-office-users';
import { useSession } from '../../stores/session-store';

/** One user in the back office (/admin/users/:uid): facts, roles, access and the permission tree. */
export default function AdminUserDetailPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const myUid = useSession((session) => session.uid);
  const user = useAdminUser(uid);

  const back = (
    <Link to="/admin/users">
      <Button type="link" icon={<ArrowLeftOutlined />} className="bo-detail__back">
        {t('backOffice.detail.backToUsers')}
      </Button>
    </Link>
  );

  let body;
  if (user.isPending) body = <Skeleton active avatar paragraph={{ rows: 6 }} />;
  else if (user.isError) {
    body =
      user.error instanceof ApiError && user.error.code === ErrorCode.notFound ? (
        <Result status="404" title={t('backOffice.detail.notFound')} subTitle={uid} extra={back} />
      ) : (
        <LoadFailed title={t('backOffice.detail.loadFailed')} query={user} />
      );
  } else {
    const isSelf = user.data.uid === myUid;
    body = (
      <div className="bo-detail" data-testid="admin-user-detail" data-uid={user.data.uid}>
        <UserFactsCard user={user.data} />
        <div className="bo-detail__grid">
          <div className="bo-detail__column">
            <UserRolesCard user={user.data} isSelf={isSelf} />
            <UserAccessCard user={user.data} isSelf={isSelf} />
          </div>
          <div className="bo-detail__column">
            <PermissionTreeCard uid={user.data.uid} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <>
      {back}
      <PageHeader title={user.data?.name ?? t('menu.adminUserDetail')} subtitle={t('backOffice.detail.subtitle')} />
      {body}
    </>
  );
}
