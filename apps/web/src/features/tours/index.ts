// What other parts of the web app use of the tours feature: they import it from here, never from its folders.
export { useTour } from './api/tour-api';
export { TourEditor } from './components/tour-editor';
export type { TourMusicAsset } from './components/tour-editor';
