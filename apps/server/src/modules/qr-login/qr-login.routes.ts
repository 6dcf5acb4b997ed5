import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { clientOf, requestOrigin } from '../../lib/request-info.js';
import { sendToken } from '../../plugins/auth.js';
import { ConfirmBody, ConfirmedSchema, PollQuery, PollSchema, ScanBody, ScannedSchema, tags } from './qr-login.schemas.js';
import type { QrLoginService } from './qr-login.service.js';

export const qrLoginRoutes: FastifyPluginAsyncTypebox<{ qrLogin: QrLoginService; publicUrl: string | undefined }> = async (
  app,
  { qrLogin, publicUrl },
) => {
  app.get(
    '/api/qrcode/login',
    {
      config: { auth: 'anyone' },
      schema: {
        tags,
        summary: 'Without pollToken: a new QR ticket (2 minutes). With pollToken: its status; once confirmed, the session (x-auth-token)',
        querystring: PollQuery,
        response: responses(PollSchema, [400, 404, 429]),
      },
    },
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
    {
      config: { auth: 'signedIn', acceptQueryParams: true },
      schema: {
        tags,
        summary: 'The phone opened the QR link: mark it scanned and say which browser asks',
        body: ScanBody,
        response: responses(ScannedSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await qrLogin.scan(request.body.ticket)),
  );

  app.post(
    '/api/qrcode/confirm',
    {
      config: { auth: 'signedIn', acceptQueryParams: true },
      schema: {
        tags,
        summary: 'Confirm (accept=true) or decline the desktop sign-in',
        body: ConfirmBody,
        response: responses(ConfirmedSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await qrLogin.confirm(request.body.ticket, request.auth!.user.id, request.body.accept)),
  );
};
