import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AssetKind } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import type { WorkAssetsService } from './work-assets.service.js';
import { AssetParams, UploadGrantSchema, WorkDetailSchema, tags } from './works.schemas.js';
import { IdParams } from '../../lib/schemas.js';

/** The spec's four upload-credential paths, one per asset kind, and ours for a tour's background music. */
const credentialPaths: { path: string; kind: AssetKind; summary: string }[] = [
  { path: '/api/model/:id/origin/uploadCredentials', kind: 'origin', summary: 'Upload grant for the origin (the raw capture)' },
  { path: '/api/model/:id/uploadCredentials', kind: 'cover', summary: 'Upload grant for the cover image' },
  { path: '/api/model/:id/origin/SLR/uploadCredentials', kind: 'slr', summary: 'Upload grant for SLR photos' },
  { path: '/api/model/:id/coverVideo/uploadCredentials', kind: 'coverVideo', summary: 'Upload grant for the cover video' },
  { path: '/api/model/:id/music/uploadCredentials', kind: 'music', summary: 'Upload grant for the background music of a tour' },
];

const route = routesFor(tags);

export const workAssetsRoutes: FastifyPluginAsyncTypebox<{ assets: WorkAssetsService }> = async (app, { assets }) => {
  for (const { path, kind, summary } of credentialPaths) {
    app.get(
      path,
      route.signedIn({
        summary,
        description: 'Create a tus upload at `endpoint` with the metadata `grant`; the file is attached when the upload completes.',
        params: IdParams,
        data: UploadGrantSchema,
        failures: [403, 404, 409],
      }),
      async (request) => ok(await assets.issueGrant(request.auth!.user, request.params.id, kind)),
    );
  }

  app.delete(
    '/api/model/:uid/assets/:assetId',
    route.signedIn({ summary: 'Remove one file from a work', params: AssetParams, data: WorkDetailSchema, failures: [403, 404, 409] }),
    async (request) => ok(await assets.deleteAsset(request.auth!.user, request.params.uid, request.params.assetId)),
  );
};
