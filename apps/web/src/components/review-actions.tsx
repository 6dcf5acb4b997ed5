import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';

interface ReviewActionsProps {
  approveText: string;
  rejectText: string;
  onApprove: () => void;
  onReject: () => void;
  /** `{testId}-approve` and `{testId}-reject` name the two buttons. */
  testId: string;
  /** Why this admin may not approve (their own withdrawal): the button is disabled and says why on hover. */
  approveBlockedReason?: string;
}

/** The two answers to a pending application in a back-office review queue. */
export function ReviewActions({ approveText, rejectText, onApprove, onReject, testId, approveBlockedReason }: ReviewActionsProps) {
  return (
    <Space size={4}>
      <Tooltip title={approveBlockedReason}>
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined />}
          onClick={onApprove}
          disabled={approveBlockedReason !== undefined}
          data-testid={`${testId}-approve`}
        >
          {approveText}
        </Button>
      </Tooltip>
      <Button size="small" danger icon={<CloseOutlined />} onClick={onReject} data-testid={`${testId}-reject`}>
        {rejectText}
      </Button>
    </Space>
  );
}
