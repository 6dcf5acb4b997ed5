// What other parts of the web app use of the map feature: they import it from here, never from its folders.
export { WorksOnMap } from './components/works-on-map';
export { WorksOnGlobe } from './components/works-on-globe';
export { MapSettingsAdmin } from './components/map-settings-admin';
export { toPoints, useMapWorks, type MapWorkPoint } from './api/get-map-works';
