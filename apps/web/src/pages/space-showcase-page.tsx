import { useParams } from 'react-router';
import { PublicShowcasePage } from '../features/brand-pages';

/** /space/showcase/{id}: a published showcase, open to anyone (spec 2.1: paths under /space), phones first. */
export default function SpaceShowcasePage() {
  const { id = '' } = useParams();
  return <PublicShowcasePage key={id} id={id} />;
}
