import { App, Form, Modal } from 'antd';
import type { WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../lib/use-retained';
import { formatYuan } from '../../../lib/format';
import { usePutWorkOnMarket } from '../api/work-market';
import { parsePriceInput } from '../lib/price';
import { PriceField } from './price-field';

/** Puts a reviewed work on the market at a price typed in yuan. */
export function MarketDialog({ work, onClose, onDone }: { work: WorkSummary | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ price: string }>();
  const putOnMarket = usePutWorkOnMarket();

  const submit = async ({ price }: { price: string }) => {
    const { fen } = parsePriceInput(price);
    if (!work || fen === undefined) return;
    try {
      await putOnMarket.mutateAsync({ uid: work.uid, priceFen: fen });
    } catch {
      return; // The client showed the server's message.
    }
    void message.success(t('works.done.onMarket', { price: formatYuan(fen) }));
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
    >
      <p className="works-dialog__intro">{t('works.market.intro', { name: shown?.name ?? '' })}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <PriceField autoFocus />
      </Form>
    </Modal>
  );
}
