export default {
  hero: {
    eyebrow: 'Panoramic tours · 3D models · Point clouds',
    title: 'Turn real spaces into works you can share',
    subtitle:
      'Capture, upload, let the platform process, publish online. Spatia is one cloud service for photographers, designers, customers and merchants.',
    primary: 'Start creating',
    primarySignedIn: 'Go to my space',
    secondary: 'Download the capture app',
    viewerLabel: 'Panorama preview illustration',
  },
  pillars: {
    title: 'Three kinds of spatial work, one platform',
    panorama: {
      title: 'Panoramic VR tours',
      text: 'Link panoramas into a tour people can walk through, with hotspots, guided views and gyroscope viewing on phones.',
    },
    model: {
      title: '3D models',
      text: 'Upload a model; it is compressed and previewed automatically, then rotated and zoomed right in the browser.',
    },
    pointCloud: {
      title: 'Point clouds',
      text: 'Large point clouds are tiled and streamed on demand, so they stay smooth on ordinary laptops and phones.',
    },
  },
  showcase: {
    title: 'Featured works',
    subtitle: 'Open one in your browser: no app, no plug-in.',
    open: 'Open',
  },
  pipeline: {
    title: 'From capture to publication, one pipeline',
    subtitle: 'After the upload the platform does the work; you focus on the result.',
    steps: {
      capture: { title: 'Capture', text: 'Shoot with the mobile capture app, or bring files from cameras and scanners.' },
      upload: { title: 'Upload', text: 'Resumable uploads pick up where they stopped after a network drop.' },
      process: { title: 'Process', text: 'Tiling, compression, covers and levels of detail are generated for you.' },
      publish: { title: 'Publish', text: 'Add a name, description and tags; the work goes online after review.' },
      share: { title: 'Share and sell', text: 'Get a link and QR code, or sell the work on the market.' },
    },
  },
  commerce: {
    title: 'Share with clients, or sell',
    items: {
      share: { title: 'One-click sharing', text: 'Send a link or QR code; clients open it on any phone.' },
      market: { title: 'Work market', text: 'List works on the market, or sell them to a specific user.' },
      offline: { title: 'Offline packages', text: 'Export an offline package for showrooms without a network.' },
      team: { title: 'Teams', text: 'Distribute projects to your team and keep earnings and traffic in view.' },
    },
  },
  closing: {
    title: 'Ready to show your spaces?',
    text: 'Log in to upload and manage your works in your space.',
  },
} as const;
