import { WorksOnMap } from '../features/map';

/** /map (open): the works with a location on a map (docs/map.md). */
export default function MapPage() {
  return <WorksOnMap />;
}
