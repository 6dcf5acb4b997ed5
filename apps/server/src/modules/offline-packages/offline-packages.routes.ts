import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerTicketedDownload } from '../download-tickets/index.js';
import type { OfflinePackages } from './offline-packages.service.js';

const tags = ['processing'];

/** A panorama work's tour as a zip that plays without the site (docs/processing.md). */
export const offlinePackagesRoutes: FastifyPluginAsyncTypebox<{ offlinePackages: OfflinePackages }> = async (app, { offlinePackages }) => {
  registerTicketedDownload(app, {
    path: '/api/model/:id/offlinePackage',
    tags,
    summary: 'a zip of the offline package: a self-contained viewer and every tile',
    contentType: 'application/zip',
    files: offlinePackages,
  });
};
