import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BRAND_LOGO_MAX_BYTES, Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { readSingleFile, registerMultipartRoutes } from '../../lib/multipart.js';
import { addressBucket } from '../../lib/request-info.js';
import { routesFor } from '../../lib/route.js';
import {
  HandledBody,
  HandledSchema,
  LandingPageBody,
  LandingPageSchema,
  LeadBody,
  LeadIdParams,
  LeadPageSchema,
  LeadReceivedSchema,
  LeadsExportQuery,
  LeadsQuery,
  LogoSchema,
  PublicIdParams,
  PublicLandingPageSchema,
  PublicShowcaseSchema,
  PublishedBody,
  ShowcaseBody,
  ShowcaseSchema,
  tags,
} from './brand-pages.schemas.js';
import type { BrandPagesService } from './brand-pages.service.js';
import { Type } from 'typebox';

const route = routesFor(tags);
/** Every owner call needs permission 42 (`/tujingxiu/tujingxiu`, `/landingPage/landingPage`), read per request. */
const ownerRoute = route.for({ permission: Permission.tujingxiu });

/** Showcases, landing pages and their leads (docs/brand-pages.md). */
export const brandPagesRoutes: FastifyPluginAsyncTypebox<{ brandPages: BrandPagesService }> = async (app, { brandPages }) => {
  // ---- showcases (owner) ----
  app.get(
    '/api/c/showcases',
    ownerRoute({ summary: 'My showcases, newest first, each with its works in order', data: Type.Array(ShowcaseSchema) }),
    async (request) => ok(await brandPages.listShowcases(request.auth!.user)),
  );

  app.post(
    '/api/c/showcases',
    ownerRoute({
      summary: 'Create a showcase (unpublished): the brand and an ordered selection of my own online works',
      body: ShowcaseBody,
      data: ShowcaseSchema,
      failures: [400],
    }),
    async (request) => ok(await brandPages.createShowcase(request.auth!.user, request.body)),
  );

  app.get(
    '/api/c/showcases/:id',
    ownerRoute({ summary: 'One of my showcases', params: PublicIdParams, data: ShowcaseSchema, failures: [400, 404] }),
    async (request) => ok(await brandPages.getShowcase(request.auth!.user, request.params.id)),
  );

  app.put(
    '/api/c/showcases/:id',
    ownerRoute({
      summary: 'Replace a showcase’s brand and works (in the order given)',
      params: PublicIdParams,
      body: ShowcaseBody,
      data: ShowcaseSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await brandPages.updateShowcase(request.auth!.user, request.params.id, request.body)),
  );

  app.put(
    '/api/c/showcases/:id/published',
    ownerRoute({
      summary: 'Publish (its share link opens) or unpublish (the link shows “not available”) a showcase',
      params: PublicIdParams,
      body: PublishedBody,
      data: ShowcaseSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await brandPages.setShowcasePublished(request.auth!.user, request.params.id, request.body.published)),
  );

  app.delete(
    '/api/c/showcases/:id',
    ownerRoute({
      summary: 'Delete a showcase (not while a landing page presents it)',
      params: PublicIdParams,
      data: Type.Null(),
      failures: [400, 404, 409],
    }),
    async (request) => ok(await brandPages.deleteShowcase(request.auth!.user, request.params.id).then(() => null)),
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/c/showcases/logo',
      ownerRoute({
        summary: 'Upload a brand logo (multipart, part `file`: PNG, JPEG or WebP, at most 2 MB); a showcase takes the answered url',
        consumes: ['multipart/form-data'],
        data: LogoSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => {
        const { bytes } = await readSingleFile(request, BRAND_LOGO_MAX_BYTES);
        return ok(await brandPages.storeLogo(request.auth!.user, bytes));
      },
    );
  });

  // ---- landing pages (owner) ----
  app.get(
    '/api/c/landingPages',
    ownerRoute({ summary: 'My landing pages, newest first, with their lead counts', data: Type.Array(LandingPageSchema) }),
    async (request) => ok(await brandPages.listLandingPages(request.auth!.user)),
  );

  app.post(
    '/api/c/landingPages',
    ownerRoute({
      summary: 'Create a landing page (unpublished) for one of my online works or one of my showcases',
      body: LandingPageBody,
      data: LandingPageSchema,
      failures: [400],
    }),
    async (request) => ok(await brandPages.createLandingPage(request.auth!.user, request.body)),
  );

  app.get(
    '/api/c/landingPages/:id',
    ownerRoute({ summary: 'One of my landing pages', params: PublicIdParams, data: LandingPageSchema, failures: [400, 404] }),
    async (request) => ok(await brandPages.getLandingPage(request.auth!.user, request.params.id)),
  );

  app.put(
    '/api/c/landingPages/:id',
    ownerRoute({
      summary: 'Replace a landing page’s content, target and lead fields',
      params: PublicIdParams,
      body: LandingPageBody,
      data: LandingPageSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.updateLandingPage(request.auth!.user, request.params.id, request.body)),
  );

  app.put(
    '/api/c/landingPages/:id/published',
    ownerRoute({
      summary: 'Publish or unpublish a landing page',
      params: PublicIdParams,
      body: PublishedBody,
      data: LandingPageSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.setLandingPagePublished(request.auth!.user, request.params.id, request.body.published)),
  );

  app.delete(
    '/api/c/landingPages/:id',
    ownerRoute({ summary: 'Delete a landing page and its leads', params: PublicIdParams, data: Type.Null(), failures: [400, 404] }),
    async (request) => ok(await brandPages.deleteLandingPage(request.auth!.user, request.params.id).then(() => null)),
  );

  // ---- leads (owner) ----
  app.get(
    '/api/c/leads',
    ownerRoute({
      summary: 'The leads visitors left on my landing pages, newest first (one page’s, handled or not)',
      querystring: LeadsQuery,
      data: LeadPageSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.listLeads(request.auth!.user, request.query)),
  );

  app.get(
    '/api/c/leads/export',
    ownerRoute({
      summary: 'The same leads as a CSV file (UTF-8 with BOM, headers in the caller’s language, at most 10,000 rows)',
      querystring: LeadsExportQuery,
    }),
    async (request, reply) => {
      const { fileName, csv } = await brandPages.exportLeads(request.auth!.user, request.query, request.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.put(
    '/api/c/leads/:id/handled',
    ownerRoute({
      summary: 'Mark one of my leads handled (or not)',
      params: LeadIdParams,
      body: HandledBody,
      data: HandledSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.setLeadHandled(request.auth!.user, request.params.id, request.body.handled)),
  );

  // ---- public pages ----
  app.get(
    '/api/open/showcases/:id',
    route.anyone({
      summary: 'A published showcase: the brand, its works still online, the visit count (this visit counted)',
      params: PublicIdParams,
      data: PublicShowcaseSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.publicShowcase(request.params.id, addressBucket(request.ip))),
  );

  app.get(
    '/api/open/landingPages/:id',
    route.anyone({
      summary: 'A published landing page: its text, lead fields and the work or showcase it presents',
      params: PublicIdParams,
      data: PublicLandingPageSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await brandPages.publicLandingPage(request.params.id)),
  );

  app.post(
    '/api/open/landingPages/:id/leads',
    route.anyone({
      summary: 'Leave a lead on a published landing page (a few per address and 10 minutes); its owner is notified',
      params: PublicIdParams,
      body: LeadBody,
      data: LeadReceivedSchema,
      failures: [400, 404, 429],
    }),
    async (request) => ok(await brandPages.submitLead(request.params.id, request.body, addressBucket(request.ip))),
  );
};
