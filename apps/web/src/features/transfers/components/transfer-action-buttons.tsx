import { CheckOutlined, CloseOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferAnswer } from '../api/answer-transfer';
import type { TransferSide, WorkTransfer } from '../api/types';
import { actionsFor, type TransferAction } from '../lib/transfer-rules';

const ICONS: Record<TransferAction, ReactNode> = {
  view: <EyeOutlined />,
  confirm: <CheckOutlined />,
  reject: <CloseOutlined />,
  withdraw: <RollbackOutlined />,
};

/** What a list does with its transfers' buttons; every button is busy while its transfer's answer is on its way. */
export interface TransferAnswerHandlers {
  busyId: number | null;
  onView: (transfer: WorkTransfer) => void;
  onAnswer: (transfer: WorkTransfer, action: TransferAnswer) => void;
}

interface TransferActionButtonsProps extends Omit<TransferAnswerHandlers, 'onView'> {
  transfer: WorkTransfer;
  side: TransferSide;
  now: number;
  /** No "view" button without it (the drawer already shows the work). */
  onView?: TransferAnswerHandlers['onView'];
  /** Links in a table row, buttons on a card or in the drawer. */
  look: 'link' | 'button';
  /** Icons on buttons; a phone's card has no room for them. */
  withIcons?: boolean;
}

/** The actions this side may take on the transfer, and nothing else. */
export function TransferActionButtons({
  transfer,
  side,
  now,
  onView,
  onAnswer,
  busyId,
  look,
  withIcons = true,
}: TransferActionButtonsProps) {
  const { t } = useTranslation();
  const busy = busyId === transfer.id;
  const actions = actionsFor(transfer, side, now).filter((action) => action !== 'view' || onView);
  return (
    <>
      {actions.map((action) => {
        const danger = action === 'reject' || action === 'withdraw';
        const primary = action === 'confirm';
        return (
          <Button
            key={action}
            type={look === 'link' ? 'link' : primary ? 'primary' : 'default'}
            size={look === 'link' ? 'small' : 'middle'}
            danger={danger}
            icon={look === 'button' && withIcons ? ICONS[action] : undefined}
            loading={busy && action !== 'view'}
            disabled={busy && action !== 'view'}
            className={`transfer-action transfer-action--${action}`}
            data-testid={`transfer-${action}`}
            onClick={() => (action === 'view' ? onView?.(transfer) : onAnswer(transfer, action))}
          >
            {t(`transfers.actions.${action}`)}
          </Button>
        );
      })}
    </>
  );
}
