import { App, Form, Input, Modal } from 'antd';
import { PHONE_PATTERN, WORK_REMARK_MAX, type WorkSummary } from '@spatia/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonPicker } from '../../../components/person-picker';
import { characterCount, maxCharactersRule } from '../../../lib/text-count';
import { useRetained } from '../../../lib/use-retained';
import { useDistributeWork, useSellWork } from '../api/transfer-work';
import { parsePriceInput } from '../lib/price';
import { PriceField } from './price-field';

/**
 * Where a work is offered: to one user for free (`distribute`, they accept), to one user at a price
 * (`sell`, by phone number or invite code; they confirm and pay). The market has its own dialog
 * (`market-listing-dialog.tsx`): a listing is reviewed, and it has a licence.
 */
export type OfferKind = 'distribute' | 'sell';

export const OFFER_KINDS: readonly OfferKind[] = ['distribute', 'sell'];

interface OfferValues {
  phoneNumber?: string;
  phoneOrCode?: string;
  price?: string;
  remark?: string;
}

function DistributeFields() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="phoneNumber"
      label={t('works.distribute.phone')}
      validateFirst
      rules={[
        { required: true, whitespace: true, message: t('works.distribute.phoneRequired') },
        { pattern: PHONE_PATTERN, message: t('works.distribute.phoneInvalid') },
      ]}
    >
      <PersonPicker placeholder={t('works.distribute.phonePlaceholder')} inputMode="tel" maxLength={11} testId="distribute-receiver" />
    </Form.Item>
  );
}

function SellFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="phoneOrCode"
        label={t('works.sell.receiver')}
        rules={[{ required: true, whitespace: true, message: t('works.sell.receiverRequired') }]}
      >
        <PersonPicker placeholder={t('works.sell.receiverPlaceholder')} maxLength={32} testId="sell-receiver" />
      </Form.Item>
      <PriceField />
      <Form.Item name="remark" label={t('works.sell.remark')} rules={[maxCharactersRule(t, WORK_REMARK_MAX)]}>
        <Input.TextArea
          placeholder={t('works.sell.remarkPlaceholder')}
          count={characterCount(WORK_REMARK_MAX)}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
    </>
  );
}

/** Each kind's fields; its title, intro and submit texts are `works.<kind>.*`. */
const FIELDS: Record<OfferKind, ReactNode> = {
  distribute: <DistributeFields />,
  sell: <SellFields />,
};

interface OfferWorkDialogProps {
  kind: OfferKind;
  work: WorkSummary | null;
  onClose: () => void;
  onDone: () => void;
}

/** Asks for what an offer of the work needs (receiver, price, note), sends it, and says it is done. */
export function OfferWorkDialog({ kind, work, onClose, onDone }: OfferWorkDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(work);
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferValues>();
  const distribute = useDistributeWork();
  const sell = useSellWork();
  const pending = { distribute, sell }[kind].isPending;

  /** Sends the offer; the success message, or null when the form held no valid price. */
  const send = async (
    uid: string,
    { phoneNumber = '', phoneOrCode = '', price = '', remark = '' }: OfferValues,
  ): Promise<string | null> => {
    if (kind === 'distribute') {
      await distribute.mutateAsync({ uid, phoneNumber: phoneNumber.trim() });
      return t('works.done.distributed');
    }
    const { fen } = parsePriceInput(price);
    if (fen === undefined) return null;
    await sell.mutateAsync({ uid, phoneOrCode, priceFen: fen, remark });
    return t('works.done.sold');
  };

  const submit = async (values: OfferValues) => {
    if (!work) return;
    let done: string | null;
    try {
      done = await send(work.uid, values);
    } catch {
      return; // The client showed the server's message.
    }
    if (done === null) return;
    void message.success(done);
    onDone();
    onClose();
  };

  return (
    <Modal
      open={work !== null}
      title={t(`works.${kind}.title`)}
      okText={t(`works.${kind}.submit`)}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <p className="works-dialog__intro">{t(`works.${kind}.intro`, { name: shown?.name ?? '' })}</p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        {FIELDS[kind]}
      </Form>
    </Modal>
  );
}
