import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

interface ReviewActionsProps {
  approveText: string;
  rejectText: string;
  onApprove: () => void;
  onReject: () => void;
  /** `{testId}-approve` and `{testId}-reject` name the two buttons. */
  testId: string;
}

/** The two answers to a pending application in a back-office review queue. */
export function ReviewActions({ approveText, rejectText, onApprove, onReject, testId }: ReviewActionsProps) {
  return (
    <Space size={4}>
      <Button size="small" type="primary" icon={<CheckOutlined />} onClick={onApprove} data-testid={`${testId}-approve`}>
        {approveText}
      </Button>
      <Button size="small" danger icon={<CloseOutlined />} onClick={onReject} data-testid={`${testId}-reject`}>
        {rejectText}
      </Button>
    </Space>
  );
}
