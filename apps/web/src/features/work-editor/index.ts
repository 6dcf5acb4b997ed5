// What other parts of the web app use of the work-editor feature: they import it from here, never from its folders.
export { WorkEditDrawer } from './components/work-edit-drawer';
export type { WorkEditUploadSlots } from './components/work-edit-drawer';
