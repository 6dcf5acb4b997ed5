import { DownloadOutlined } from '@ant-design/icons';
import type { LandingPage, Lead } from '@spatia/contract';
import { Alert, Button, Card, Checkbox, Empty, Pagination, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { exportLeads, useLeads, useMarkLeadHandled } from '../api/brand-pages-api';
import { EmptyText } from './brand-item-list';

type HandledFilter = 'all' | 'open' | 'handled';
const PAGE_SIZE = 20;

/** The leads of the owner's landing pages: filter by page and state, mark handled, export what the filter shows. */
export function LeadsPanel({ pages }: { pages: readonly LandingPage[] }) {
  const { t } = useTranslation();
  const [landingPageId, setLandingPageId] = useState<string | undefined>();
  const [state, setState] = useState<HandledFilter>('all');
  const [pageNum, setPageNum] = useState(1);
  const [exporting, setExporting] = useState(false);
  const handled = state === 'all' ? undefined : state === 'handled';
  const leads = useLeads({ landingPageId, handled, pageNum, pageSize: PAGE_SIZE });
  const list = leads.data?.list ?? [];

  const download = () => {
    setExporting(true);
    // The client has shown the server's message on a failure.
    exportLeads({ landingPageId, handled })
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <div data-testid="leads-panel">
      <div className="brand-console__toolbar">
        <Space wrap>
          <Select
            style={{ minWidth: 200 }}
            value={landingPageId ?? ''}
            onChange={(value) => {
              setLandingPageId(value || undefined);
              setPageNum(1);
            }}
            options={[
              { value: '', label: t('brandPages.leads.allPages') },
              ...pages.map((page) => ({ value: page.id, label: page.headline })),
            ]}
            aria-label={t('brandPages.leads.page')}
            data-testid="leads-page-filter"
          />
          <Segmented<HandledFilter>
            value={state}
            onChange={(value) => {
              setState(value);
              setPageNum(1);
            }}
            options={[
              { value: 'all', label: t('brandPages.leads.all') },
              { value: 'open', label: t('brandPages.leads.open') },
              { value: 'handled', label: t('brandPages.leads.handledOnly') },
            ]}
          />
        </Space>
        <Button icon={<DownloadOutlined />} onClick={download} loading={exporting} disabled={list.length === 0} data-testid="leads-export">
          {t('brandPages.leads.export')}
        </Button>
      </div>
      {leads.isPending ? (
        <Skeleton active />
      ) : leads.isError ? (
        <Alert type="error" showIcon title={t('brandPages.leads.loadFailed')} />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={<EmptyText title={t('brandPages.leads.emptyTitle')} text={t('brandPages.leads.emptyText')} />} />
        </Card>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('brandPages.leads.total', { count: leads.data?.total ?? 0 })}</Typography.Paragraph>
          <div className="brand-console__list">
            {list.map((lead) => (
              <LeadCard key={lead.id} lead={lead} />
            ))}
          </div>
          <Pagination
            style={{ marginTop: 16 }}
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={leads.data?.total ?? 0}
            onChange={setPageNum}
            hideOnSinglePage
            showSizeChanger={false}
          />
        </>
      )}
    </div>
  );
}

function LeadCard({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const mark = useMarkLeadHandled();
  return (
    <Card size="small" data-testid="lead-card">
      <div className="brand-card__head">
        <div className="brand-card__title" style={{ flex: 1 }}>
          {lead.name}
        </div>
        <Checkbox
          checked={lead.handled}
          disabled={mark.isPending}
          onChange={(event) => mark.mutate({ lead, handled: event.target.checked })}
          data-testid="lead-handled"
        >
          {t('brandPages.leads.handled')}
        </Checkbox>
      </div>
      {lead.phone && (
        <div className="lead-card__line">
          {t('brandPages.fields.phone')}: <a href={`tel:${lead.phone}`}>{lead.phone}</a>
        </div>
      )}
      {lead.company && (
        <div className="lead-card__line">
          {t('brandPages.fields.company')}: {lead.company}
        </div>
      )}
      {lead.message && <div className="lead-card__line">{lead.message}</div>}
      <div className="brand-card__meta">
        <span>
          {t('brandPages.leads.page')}: {lead.landingPageHeadline}
        </span>
        <span>
          {t('brandPages.leads.time')}: {formatDate(lead.createdAt, 'YYYY-MM-DD HH:mm')}
        </span>
      </div>
    </Card>
  );
}
