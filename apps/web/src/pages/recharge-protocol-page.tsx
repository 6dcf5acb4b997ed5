import { ProtocolDocument } from './protocol/protocol-document';

export default function RechargeProtocolPage() {
  return <ProtocolDocument kind="rechargeProtocol" />;
}
