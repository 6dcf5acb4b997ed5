// What other parts of the web app use of the uploads feature: they import it from here, never from its folders.
export { CoverEditor } from './components/cover-editor';
export { FilesTabLabel } from './components/files-tab-label';
export { UploadDrawer } from './components/upload-drawer';
export type { UploadTarget } from './components/upload-drawer';
export { UploadPanel } from './components/upload-panel';
// Headless: the phone's upload page (/space/upload) drives the same resumable queue without the desktop panel.
export { useWorkUploads } from './lib/upload-hooks';
export type { UploadItem } from './lib/upload-queue';
