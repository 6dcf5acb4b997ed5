import { useParams } from 'react-router';
import { PersonWorksView } from '../features/people';

/** /userWork/{uid} (open): a person's public works. */
export default function UserWorkPage() {
  const { id = '' } = useParams();
  return <PersonWorksView key={id} uid={id} />;
}
