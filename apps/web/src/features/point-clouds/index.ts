// What other parts of the web app use of the point-clouds feature: they import it from here, never from its folders.
export { PointCloudList } from './components/point-cloud-list';
