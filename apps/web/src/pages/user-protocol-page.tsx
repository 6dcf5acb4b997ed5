import { ProtocolDocument } from './protocol/protocol-document';

export default function UserProtocolPage() {
  return <ProtocolDocument area="user" />;
}
