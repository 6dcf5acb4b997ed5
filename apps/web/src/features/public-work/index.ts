// What other parts of the web app use of the public-work feature: they import it from here, never from its folders.
export { useCountView, usePublicTour, usePublicWork, useWorkScene } from './api/get-public-work';
/** The owner's parts of a 3D model's or point cloud's page (antd's Table among them): loaded only where shown. */
export const loadModelOptimisation = () => import('./components/model-optimisation').then((module) => module.ModelOptimisation);
export const loadOwnerDownloads = () => import('./components/owner-downloads').then((module) => module.OwnerDownloads);
/** The share dialog's code (antd's Modal, the QR code), for a page that loads it when first opened. */
export const loadPublicShareDialog = () => import('./components/public-share-dialog').then((module) => module.PublicShareDialog);
export { WorkFacts } from './components/work-facts';
export { WorkModelViewer } from './components/work-model-viewer';
export { WorkNotice } from './components/work-notice';
export { WorkPointCloudViewer } from './components/work-point-cloud-viewer';
export { preloadTourViewer, WorkTourViewer } from './components/work-tour-viewer';
export { FirstViewPoster, WorkViewerArea } from './components/work-viewer-area';
export { viewerAreaFor, workFailureOf } from './lib/public-work-state';
export type { ViewerArea } from './lib/public-work-state';
