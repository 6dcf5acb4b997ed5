import { useParams } from 'react-router';
import { PersonWorksView } from '../features/people';
import { PEOPLE_LINKS } from './person/people-links';

/** /userWork/{uid} (open): a person's public works. */
export default function UserWorkPage() {
  const { id = '' } = useParams();
  return <PersonWorksView key={id} uid={id} links={PEOPLE_LINKS} />;
}
