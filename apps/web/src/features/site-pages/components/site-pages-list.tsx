import { Button, Table, Tag } from 'antd';
import type { SitePageSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useSitePageSummaries } from '../api/admin';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** /admin/sitePages: every editable page with its live version, its draft and its last change. */
export function SitePagesList() {
  const { t } = useTranslation();
  const summaries = useSitePageSummaries();
  return (
    <Table<SitePageSummary>
      rowKey="kind"
      loading={summaries.isPending}
      dataSource={summaries.data ?? []}
      pagination={false}
      data-testid="site-pages-list"
      scroll={{ x: 720 }}
      onRow={(row) => ({ 'data-testid': `site-page-row-${row.kind}` }) as object}
      columns={[
        {
          title: t('sitePages.list.page'),
          key: 'kind',
          render: (_, row) => (
            <div>
              <div style={{ fontWeight: 600 }}>{t(`sitePages.kinds.${row.kind}.name`)}</div>
              <div style={{ color: '#64748b', fontSize: 12 }}>{t(`sitePages.kinds.${row.kind}.where`)}</div>
            </div>
          ),
        },
        {
          title: t('sitePages.list.live'),
          key: 'live',
          render: (_, row) => (
            <>
              <Tag color="green">{t('sitePages.editor.versionNumber', { version: row.liveVersion })}</Tag>
              {row.draftVersion !== null && <Tag color="gold">{t('sitePages.editor.draftVersion', { version: row.draftVersion })}</Tag>}
            </>
          ),
        },
        {
          title: t('sitePages.list.changed'),
          key: 'changed',
          render: (_, row) =>
            row.changedAt === null
              ? t('sitePages.editor.shipped')
              : t('sitePages.list.changedBy', {
                  name: row.changedBy || t('sitePages.editor.someone'),
                  time: formatDate(row.changedAt, DATE_TIME),
                }),
        },
        {
          title: t('sitePages.list.actions'),
          key: 'actions',
          render: (_, row) => (
            <Link to={`/admin/sitePages/${row.kind}`}>
              <Button size="small" type="primary" ghost data-testid={`site-page-edit-${row.kind}`}>
                {t('sitePages.list.edit')}
              </Button>
            </Link>
          ),
        },
      ]}
    />
  );
}
