import { WorksOnGlobe } from '../features/map';

/** /earthvr (open, full screen): the works with a location on a globe (docs/map.md). */
export default function EarthVrPage() {
  return <WorksOnGlobe />;
}
