import { useMemo } from 'react';
import { WorksMap } from '../components/maps';
import { RentalBrowser, type RentalMapSlotProps } from '../features/rentals';
import { formatRentLabel } from './renting-house/rent-label';
import { RentalsTopBar } from './renting-house/rentals-top-bar';

/** /rentingHouse (open, kept alive): rental listings of panorama works, the list beside the map (docs/rentals.md). */
export default function RentingHousePage() {
  return (
    <div className="renting-house-page">
      <RentalsTopBar />
      <RentalBrowser renderMap={(props) => <RentalsMap {...props} />} />
    </div>
  );
}

function RentalsMap({ cards, selectedId, onSelect, initialBounds, onViewChange }: RentalMapSlotProps) {
  const points = useMemo(() => cards.map((card) => ({ ...card, id: card.workUid })), [cards]);
  return (
    <WorksMap
      points={points}
      selectedId={selectedId}
      onSelect={(point) => onSelect(point.id)}
      initialView={initialBounds && viewOfBounds(initialBounds)}
      onViewChange={({ bounds }) => onViewChange(bounds)}
      pointLabel={(point) => `${point.title} ${formatRentLabel(point.rentFen)}`}
    />
  );
}

/** The camera that shows about these bounds on a map some 600 px wide (coming back with "search as I move" on). */
function viewOfBounds([west, south, east, north]: readonly [number, number, number, number]) {
  const span = Math.max(east - west, north - south, 1e-4);
  return {
    longitude: (west + east) / 2,
    latitude: (south + north) / 2,
    zoom: Math.max(1, Math.min(16, Math.log2((360 * 600) / 256 / span))),
  };
}
