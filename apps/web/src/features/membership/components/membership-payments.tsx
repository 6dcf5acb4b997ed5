import { Card, Empty, List, Tag, Typography } from 'antd';
import type { MembershipPaymentItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatYuan } from '../../../lib/format';
import './membership.css';

/** How many of the latest payments the card lists; the orders page has them all. */
const SHOWN = 5;

/** The latest membership payments (what, for which period, how paid), with a link to all of them on the orders page. */
export function MembershipPaymentsCard({ payments }: { payments: readonly MembershipPaymentItem[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('membership.payments.title')} className="membership-card" data-testid="membership-payments">
      {payments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('membership.payments.empty')} />
      ) : (
        <List
          dataSource={payments.slice(0, SHOWN)}
          renderItem={(payment) => (
            <List.Item key={payment.id} data-testid="membership-payment" className="membership-payment">
              <div className="membership-payment__main">
                <span className="membership-payment__item">
                  {t('membership.payments.item', { version: payment.versionName, count: payment.months })}
                </span>
                <Typography.Text type="secondary" className="membership-payment__period">
                  {t('membership.payments.period', {
                    from: formatDate(payment.periodStartsAt, 'YYYY-MM-DD'),
                    to: formatDate(payment.periodEndsAt, 'YYYY-MM-DD'),
                  })}
                </Typography.Text>
                <Typography.Text type="secondary" className="membership-payment__meta">
                  {formatDate(payment.paidAt)} · {payment.orderNo}
                </Typography.Text>
              </div>
              <div className="membership-payment__side">
                <strong className="membership-payment__amount">{formatYuan(payment.amountFen)}</strong>
                <span>
                  <Tag>{t(`membership.payments.method.${payment.method}`)}</Tag>
                  {payment.automatic && <Tag color="blue">{t('membership.payments.automatic')}</Tag>}
                </span>
              </div>
            </List.Item>
          )}
          footer={
            // Below the list rather than in the title bar, which a phone's width would cut short.
            <Link to="/order/consume/membership" data-testid="membership-payments-all">
              {t('membership.payments.all')}
            </Link>
          }
        />
      )}
    </Card>
  );
}
