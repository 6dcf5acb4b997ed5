// What other parts of the web app use of the works feature: they import it from here, never from its folders.
export { WorksManager } from './components/works-manager';
