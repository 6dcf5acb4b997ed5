// What other parts of the web app use of the app-download feature: they import it from here, never from its folders.
export { useMobileAppInfo } from './api/get-mobile-app';
export { AppDownloadDialog } from './components/app-download-dialog';
