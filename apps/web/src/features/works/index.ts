// What other parts of the web app use of the works feature: they import it from here, never from its folders.
export { WorksManager } from './components/works-manager';
// Headless: the phone's upload page (/space/upload) follows a new panorama work's processing.
export { useWorkProcessing } from './api/processing';
export { workPaths } from './lib/work-paths';
