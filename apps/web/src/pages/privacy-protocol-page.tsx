import { ProtocolDocument } from './protocol/protocol-document';

export default function PrivacyProtocolPage() {
  return <ProtocolDocument kind="privacyProtocol" />;
}
