export default {
  mainNav: 'Main navigation',
  sidebar: 'Side menu',
  toggleSidebar: 'Expand or collapse the side menu',
  breadcrumb: 'Breadcrumb',
  userMenu: 'User menu',
  footer: {
    privacy: 'Privacy policy',
    servicePhone: 'Customer service',
    serviceHours: 'Hours',
    softwareNotice: 'Software service',
    certificates: 'Certificate numbers',
    unavailable: 'Site information could not be loaded right now',
  },
  download: {
    title: 'Download the mobile capture app',
    hint: 'Scan the QR code with your phone to download and install',
    direct: 'Download the installer directly',
    unavailable: 'The download link is not available right now. Please try again later.',
  },
} as const;
