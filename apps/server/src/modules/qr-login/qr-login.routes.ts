import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { CodeLoginResultSchema } from '../../lib/schemas.js';
import { clientOf, requestOrigin } from '../../lib/request-info.js';
import { sendToken } from '../../plugins/auth.js';
import type { QrLoginService } from './qr-login.service.js';

const tags = ['accounts'];
const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('scanned'),
  Type.Literal('confirmed'),
  Type.Literal('declined'),
  Type.Literal('expired'),
]);
const Ticket = Type.String({ minLength: 16, maxLength: 64 });

export const qrLoginRoutes: FastifyPluginAsyncTypebox<{ qrLogin: QrLoginService; publicUrl: string | undefined }> = async (
  app,
  { qrLogin, publicUrl },
) => {

  app.get(
    '/api/qrcode/login',
    {
      schema: {
        tags,
        summary: 'Without pollToken: a new QR ticket (2 minutes). With pollToken: its status; once confirmed, the session (x-auth-token)',
        querystring: Type.Object({ pollToken: Type.Optional(Ticket) }),
        response: responses(
          Type.Object({
            status: Status,
            expiresAt: Type.Integer(),
            ticket: Type.Optional(Type.String()),
            pollToken: Type.Optional(Type.String()),
            confirmUrl: Type.Optional(Type.String()),
            login: Type.Optional(CodeLoginResultSchema),
          }),
          [400, 404, 429],
        ),
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
        body: Type.Object({ ticket: Ticket }),
        response: responses(
          Type.Object({ status: Status, expiresAt: Type.Integer(), client: Type.Object({ userAgent: Type.String(), ip: Type.String() }) }),
          [400, 401, 404],
        ),
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
        body: Type.Object({ ticket: Ticket, accept: Type.Boolean() }),
        response: responses(Type.Object({ status: Status }), [400, 401, 404]),
      },
    },
    async (request) => ok(await qrLogin.confirm(request.body.ticket, request.auth!.user.id, request.body.accept)),
  );
};
