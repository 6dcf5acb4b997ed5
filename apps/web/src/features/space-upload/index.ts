/*
 * The phone's upload and address pages (spec 2.5, docs/space-upload.md): /space/upload's panel and /chooseAddress's
 * panel; the pages put them in the phone shell's screen and hand over the console's upload queue and processing poll.
 */
export { SpaceUploadPanel } from './components/space-upload-panel';
export type { PanoramaUploadTools } from './components/picture-card';
export { ChooseAddressPanel } from './components/choose-address-panel';
export { returnWithPlace, safeReturnPath, startingPoint } from './lib/return-path';
