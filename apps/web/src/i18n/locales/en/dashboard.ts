export default {
  title: 'My panoramas and models',
  subtitle: 'Manage the panoramic tours, 3D models and point clouds you publish.',
  overview: {
    label: 'Overview',
    works: 'Works',
    published: '{{count}} online',
    followers: 'Followers',
    following: 'Following',
    balance: 'Balance',
  },
} as const;
