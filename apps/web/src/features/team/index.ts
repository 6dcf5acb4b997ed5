// What other parts of the web app use of the team feature: they import it from here, never from its folders.
export { TeamPanel } from './components/team-panel';
export { TeamSettingsAdmin } from './components/team-settings-admin';
