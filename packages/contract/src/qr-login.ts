import { defineErrors } from './errors.js';
import qrLoginErrors from './qr-login.errors.json' with { type: 'json' };

/** QR sign-in (the qr-login module): 130x. */
export const QrLoginErrors = defineErrors(qrLoginErrors);
