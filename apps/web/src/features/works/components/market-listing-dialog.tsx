import { Alert, App, Form, Modal, Radio } from 'antd';
import { fenToYuan, MARKET_LICENCES, type MarketLicence, type WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { useRetained } from '../../../lib/use-retained';
import { usePutWorkOnMarket, useWorkListing } from '../api/work-market';
import { parsePriceInput } from '../lib/price';
import { PriceField } from './price-field';

interface ListingValues {
  price?: string;
  licence: MarketLicence;
}

interface MarketListingDialogProps {
  work: WorkSummary | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Lists a reviewed work on the market (docs/market.md): a price in yuan and the licence a buyer gets (view
 * the work, or a copy of it as their own). An admin reviews the listing before it shows on the market. A
 * work listed before starts from that listing's price and licence, and a rejection's reason is shown.
 */
export function MarketListingDialog({ work, onClose, onDone }: MarketListingDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const [form] = Form.useForm<ListingValues>();
  const putOnMarket = usePutWorkOnMarket();
  const previous = useWorkListing(shown?.uid ?? '');

  const submit = async ({ price = '', licence }: ListingValues) => {
    if (!work) return;
    const { fen } = parsePriceInput(price);
    if (fen === undefined) return;
    try {
      await putOnMarket.mutateAsync({ uid: work.uid, priceFen: fen, licence });
    } catch {
      return; // The client showed the server's message.
    }
    void message.success(t('works.done.listed', { price: formatYuan(fen) }));
    onDone();
    onClose();
  };

  return (
    <Modal
      open={work !== null}
      title={t('works.market.title')}
      okText={t('works.market.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={putOnMarket.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      okButtonProps={{ ...{ 'data-testid': 'market-listing-submit' } }}
    >
      <p className="works-dialog__intro">{t('works.market.intro', { name: shown?.name ?? '' })}</p>
      {previous?.status === 'rejected' && (
        <Alert
          type="error"
          showIcon
          className="works-dialog__alert"
          title={t('works.market.rejectedBefore')}
          description={previous.reason || undefined}
          data-testid="market-listing-rejected"
        />
      )}
      <Form<ListingValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        initialValues={{
          licence: previous?.licence ?? 'view',
          ...(previous ? { price: fenToYuan(previous.priceFen) } : {}),
        }}
      >
        <PriceField autoFocus />
        <Form.Item name="licence" label={t('works.market.licence')}>
          <Radio.Group className="works-licence" data-testid="market-licence">
            {MARKET_LICENCES.map((licence) => (
              <Radio key={licence} value={licence} className="works-licence__choice">
                <strong>{t(`works.market.licences.${licence}.name`)}</strong>
                <span className="works-licence__text">{t(`works.market.licences.${licence}.text`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
      <p className="works-dialog__note">{t('works.market.review')}</p>
    </Modal>
  );
}
