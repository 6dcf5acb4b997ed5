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

/**
 * The camera that shows at least these bounds (coming back with "search as I move" on), for the map's size
 * as the page lays it out: beside the list on a desktop (half the page), the page's width on a phone.
 */
function viewOfBounds([west, south, east, north]: readonly [number, number, number, number]) {
  const phone = window.innerWidth < 992;
  const widthPx = phone ? window.innerWidth - 24 : (Math.min(window.innerWidth, 1440) - 72) / 2;
  const heightPx = phone ? window.innerHeight * 0.7 : window.innerHeight - 88;
  const mercatorY = (latitude: number) => Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
  const lonZoom = Math.log2((widthPx * 360) / (256 * Math.max(east - west, 1e-4)));
  const latZoom = Math.log2((heightPx * 2 * Math.PI) / (256 * Math.max(mercatorY(north) - mercatorY(south), 1e-6)));
  const zoom = Math.max(0, Math.min(16, Math.min(lonZoom, latZoom) - 0.05));
  const latitude = ((2 * Math.atan(Math.exp((mercatorY(north) + mercatorY(south)) / 2)) - Math.PI / 2) * 180) / Math.PI;
  return { longitude: (west + east) / 2, latitude, zoom };
}
