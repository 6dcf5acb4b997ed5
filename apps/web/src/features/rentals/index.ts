// What other parts of the web app use of the rentals feature: they import it from here, never from its folders.
export { RentalBrowser } from './components/rental-browser';
export type { RentalMapSlotProps } from './components/rental-browser';
