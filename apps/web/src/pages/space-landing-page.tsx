import { useParams } from 'react-router';
import { PublicLandingPageView } from '../features/brand-pages';

/** /space/landing/{id}: a published landing page and its lead form, open to anyone (spec 2.1: paths under /space). */
export default function SpaceLandingPage() {
  const { id = '' } = useParams();
  return <PublicLandingPageView key={id} id={id} />;
}
