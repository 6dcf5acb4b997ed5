import { RentalBrowser } from '../features/rentals';
import { RentalsTopBar } from './renting-house/rentals-top-bar';

/** /rentingHouse (open, kept alive): rental listings of panorama works, the list beside the map (docs/rentals.md). */
export default function RentingHousePage() {
  return (
    <div className="renting-house-page">
      <RentalsTopBar />
      <RentalBrowser />
    </div>
  );
}
