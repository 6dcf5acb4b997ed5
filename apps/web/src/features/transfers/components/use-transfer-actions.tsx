import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { useAnswerTransfer, type TransferAnswer } from '../api/answer-transfer';
import type { WorkTransfer } from '../api/types';
import { displayPersonName } from '../../../lib/person-name';
import { SalePaymentDialog } from './sale-payment-dialog';

/**
 * Asks before answering a transfer, then answers it. A failure is not reported here: the HTTP client
 * already shows the server's message (insufficient balance, already answered, expired). Confirming a sale
 * opens the payment dialog (`dialog`, to render): from the balance, or the rest by a payment QR code.
 */
export function useTransferActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const answer = useAnswerTransfer();
  const [selling, setSelling] = useState<{ transfer: WorkTransfer; onDone?: () => void } | null>(null);

  const ask = (transfer: WorkTransfer, action: TransferAnswer, onDone?: () => void) => {
    if (action === 'confirm' && transfer.kind === 'sale') {
      setSelling({ transfer, onDone });
      return;
    }
    const values = {
      name: transfer.work.name || t('transfers.untitled'),
      sender: displayPersonName(transfer.sender.name, t),
      receiver: displayPersonName(transfer.receiver.name, t),
      price: formatYuan(transfer.price),
    };
    const content =
      action === 'confirm'
        ? t(transfer.kind === 'sale' ? 'transfers.confirm.sale' : 'transfers.confirm.distribute', values)
        : t(`transfers.${action}.content`, values);
    modal.confirm({
      title: t(`transfers.${action}.title`, values),
      content,
      okText: t(`transfers.${action}.ok`),
      okButtonProps: { danger: action !== 'confirm' },
      cancelText: t('common.actions.cancel'),
      className: 'transfer-confirm',
      onOk: () =>
        answer.mutateAsync({ id: transfer.id, answer: action }).then(
          () => {
            void message.success(t(`transfers.${action}.done`));
            onDone?.();
          },
          () => undefined,
        ),
    });
  };

  const dialog = (
    <SalePaymentDialog
      transfer={selling?.transfer ?? null}
      onClose={() => setSelling(null)}
      onConfirmed={() => {
        selling?.onDone?.();
        setSelling(null);
      }}
    />
  );

  return { ask, busyId: answer.isPending ? answer.variables.id : null, dialog };
}
