export default {
  title: 'My panoramas and models',
  subtitle: 'Manage the panoramic tours, 3D models and point clouds you publish.',
  overview: {
    label: 'Overview',
    works: 'Works',
    published: '{{count}} published',
    followers: 'Followers',
    following: 'Following',
    balance: 'Balance',
  },
  emptyTitle: 'No works yet',
  emptyText: 'Your works appear here once they are uploaded and processed.',
  steps: {
    captureTitle: 'Capture',
    captureText: 'Shoot panoramas with the mobile capture app, or prepare 3D model and point-cloud files.',
    uploadTitle: 'Upload',
    uploadText: 'The platform tiles your files, builds previews and tells you when processing is done.',
    publishTitle: 'Publish and share',
    publishText: 'Add a cover and tags, put the work online, then share it or sell it on the market.',
  },
} as const;
