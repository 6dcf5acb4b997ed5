import { App, Form, Input, Modal } from 'antd';
import { WORK_REMARK_MAX, type WorkSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../lib/use-retained';
import { useSellWork } from '../api/transfer-work';
import { parsePriceInput } from '../lib/price';
import { PriceField } from './price-field';

interface SellValues {
  phoneOrCode: string;
  price: string;
  remark?: string;
}

/** A targeted sale: to one user, by phone number or invite code, at a price; they confirm and pay. */
export function SellDialog({ work, onClose, onDone }: { work: WorkSummary | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const [form] = Form.useForm<SellValues>();
  const sell = useSellWork();

  const submit = async (values: SellValues) => {
    const { fen } = parsePriceInput(values.price);
    if (!work || fen === undefined) return;
    try {
      await sell.mutateAsync({ uid: work.uid, phoneOrCode: values.phoneOrCode, priceFen: fen, remark: values.remark ?? '' });
    } catch {
      return;
    }
    void message.success(t('works.done.sold'));
    onDone();
    onClose();
  };

  return (
    <Modal
      open={work !== null}
      title={t('works.sell.title')}
      okText={t('works.sell.submit')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sell.isPending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <p className="works-dialog__intro">{t('works.sell.intro', { name: shown?.name ?? '' })}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="phoneOrCode"
          label={t('works.sell.receiver')}
          rules={[{ required: true, whitespace: true, message: t('works.sell.receiverRequired') }]}
        >
          <Input placeholder={t('works.sell.receiverPlaceholder')} maxLength={32} autoFocus autoComplete="off" />
        </Form.Item>
        <PriceField />
        <Form.Item name="remark" label={t('works.sell.remark')}>
          <Input.TextArea placeholder={t('works.sell.remarkPlaceholder')} maxLength={WORK_REMARK_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
