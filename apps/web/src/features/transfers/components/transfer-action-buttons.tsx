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

interface TransferActionButtonsProps {
  transfer: WorkTransfer;
  side: TransferSide;
  now: number;
  onView?: () => void;
  onAnswer: (action: TransferAnswer) => void;
  busy: boolean;
  /** Links in a table row, buttons on a card or in the drawer. */
  look: 'link' | 'button';
  /** Icons on buttons; a phone's card has no room for them. */
  withIcons?: boolean;
}

/** The actions this side may take on the transfer, and nothing else. */
export function TransferActionButtons({ transfer, side, now, onView, onAnswer, busy, look, withIcons = true }: TransferActionButtonsProps) {
  const { t } = useTranslation();
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
            onClick={() => (action === 'view' ? onView?.() : onAnswer(action))}
          >
            {t(`transfers.actions.${action}`)}
          </Button>
        );
      })}
    </>
  );
}
