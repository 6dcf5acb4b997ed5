// What other parts of the web app use of the narrations feature: they import it from here, never from its folders.
export { usePublicNarration } from './api/narrations-api';
export { NarrationEditor } from './components/narration-editor';
export { NarrationList } from './components/narration-list';
