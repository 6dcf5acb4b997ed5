// The site's maps (docs/map.md): the base map every map draws on, and the clustered map of points.
export { WorksMap, type MapPoint, type MapView, type WorksMapProps } from './works-map';
export { createBaseMap, loadMapLibre, OPERATOR_MAP_TIMEOUT_MS, type BaseMap, type BaseMapKind } from './create-base-map';
