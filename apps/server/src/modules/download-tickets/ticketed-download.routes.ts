import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fail } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import type { Actor } from '../works/index.js';
import { IdParams } from '../../lib/schemas.js';
import { DownloadQuery, TicketSchema } from './download-tickets.schemas.js';
import type { DownloadTicket } from './download-tickets.service.js';

type File = { fileName: string; stream: Readable };

/** A streamed file of a work that the browser downloads itself: through a one-minute ticket, or signed in. */
export interface TicketedDownload {
  /** e.g. `/api/model/:id/offlinePackage`; the ticket is issued at `{path}/ticket`. */
  path: string;
  tags: string[];
  summary: string;
  contentType: string;
  files: TicketedFiles;
}

/** What checks the work, issues its tickets and opens its file (a service, or an adapter over one). */
export interface TicketedFiles {
  issueTicket(actor: Actor, uid: string): Promise<DownloadTicket>;
  open(actor: Actor, uid: string): Promise<File>;
  openWithTicket(uid: string, ticket: string): Promise<File>;
}

/** Registers `POST {path}/ticket` (signed in) and `GET {path}` (signed in, or with the ticket). */
export function registerTicketedDownload(app: FastifyInstance, download: TicketedDownload): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const route = routesFor(download.tags);
  typed.post(
    `${download.path}/ticket`,
    route.signedIn({
      summary: `A one-minute link for the browser's own download: ${download.summary}`,
      params: IdParams,
      data: TicketSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await download.files.issueTicket(request.auth!.user, request.params.id)),
  );
  typed.get(
    download.path,
    route.public({
      summary: `${download.summary}, streamed (signed in, or with a ticket)`,
      params: IdParams,
      querystring: DownloadQuery,
    }),
    async (request, reply) => {
      const { id } = request.params;
      const { ticket } = request.query;
      if (!request.auth && !ticket) throw fail('unauthenticated');
      const file = request.auth ? await download.files.open(request.auth.user, id) : await download.files.openWithTicket(id, ticket!);
      return sendDownload(reply, file, download.contentType);
    },
  );
}

/** A streamed file the browser saves under its name. */
function sendDownload(reply: FastifyReply, file: File, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream);
}
