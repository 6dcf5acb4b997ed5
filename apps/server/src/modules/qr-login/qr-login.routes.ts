import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { clientOf, requestOrigin } from '../../lib/request-info.js';
import { sendToken } from '../../plugins/auth.js';
import { ConfirmBody, ConfirmedSchema, PollQuery, PollSchema, ScanBody, ScannedSchema, tags } from './qr-login.schemas.js';
import type { QrLoginService } from './qr-login.service.js';

const route = routesFor(tags);

export const qrLoginRoutes: FastifyPluginAsyncTypebox<{ qrLogin: QrLoginService; publicUrl: string | undefined }> = async (
  app,
  { qrLogin, publicUrl },
) => {
  app.get(
    '/api/qrcode/login',
    route.anyone({
      summary: 'Without pollToken: a new QR ticket (2 minutes). With pollToken: its status; once confirmed, the session (x-auth-token)',
      querystring: PollQuery,
      data: PollSchema,
      failures: [400, 404, 429],
    }),
    async (request, reply) => {
      const { pollToken } = request.query;
      if (!pollToken) return ok(await qrLogin.createTicket(clientOf(request), requestOrigin(request, publicUrl)));
      const { token, ...answer } = await qrLogin.poll(pollToken, clientOf(request));
      if (token) sendToken(reply, token);
      return ok(answer);
    },
  );

  app.post(
    '/api/qrcode/scan',
    route.signedIn({
      summary: 'The phone opened the QR link: mark it scanned and say which browser asks',
      acceptQueryParams: true,
      body: ScanBody,
      data: ScannedSchema,
      failures: [400, 403, 404, 410],
    }),
    async (request) => ok(await qrLogin.scan(request.body.ticket, request.auth!.user.id)),
  );

  app.post(
    '/api/qrcode/confirm',
    route.signedIn({
      summary: 'Confirm (accept=true) or decline the desktop sign-in',
      acceptQueryParams: true,
      body: ConfirmBody,
      data: ConfirmedSchema,
      failures: [400, 403, 404, 409, 410],
    }),
    async (request) => ok(await qrLogin.confirm(request.body.ticket, request.auth!.user.id, request.body.accept)),
  );
};
