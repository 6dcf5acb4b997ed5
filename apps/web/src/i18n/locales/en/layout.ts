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
    pageText: 'Capture on site with your phone and send it straight to your works.',
    notPublished: 'The app is not published on this site yet.',
    askService: 'Customer service can help: {{phone}} ({{hours}})',
  },
} as const;
