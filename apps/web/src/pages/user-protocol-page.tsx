import { ProtocolDocument } from './protocol/protocol-document';

export default function UserProtocolPage() {
  return <ProtocolDocument kind="userProtocol" />;
}
