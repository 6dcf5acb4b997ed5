/** The point-cloud list (/pointCloudList, permission 460). */
export default {
  title: 'Point clouds',
  subtitle: 'Your point-cloud works: how far their conversion is, and a link to each viewer.',
  search: 'Search point clouds by name',
  count_one: '{{count}} point cloud',
  count_other: '{{count}} point clouds',
  points_one: '{{formatted}} point',
  points_other: '{{formatted}} points',
  noPoints: 'Not converted yet',
  updated: 'Updated {{time}}',
  open: 'Open',
  openLabel: 'Open the viewer of "{{name}}"',
  notOpenable: 'It can be opened once it is processed',
  processingLabel: 'Conversion progress of "{{name}}"',
  loadFailed: 'The point clouds could not be loaded',
  retry: 'Try again',
  empty: {
    title: 'No point clouds yet',
    text: 'Create a point-cloud work and upload a LAS, LAZ, PLY or XYZ file: it is converted for the browser and opens here.',
    create: 'Create a point-cloud work',
    noMatch: 'No point cloud matches "{{keyword}}"',
  },
};
