import { defineErrors } from './errors.js';

/** QR sign-in (the qr-login module): 130x. */
export const QrLoginErrors = defineErrors({
  qrTicketUnknown: {
    code: 1301,
    status: 404,
    zh: '二维码无效，请在电脑上刷新二维码',
    en: 'This QR code is not valid. Refresh it on the computer',
  },
  qrTicketExpired: {
    code: 1302,
    status: 410,
    zh: '二维码已过期或已使用，请在电脑上刷新二维码',
    en: 'This QR code has expired or was used. Refresh it on the computer',
  },
  qrTicketScannedByOther: {
    code: 1303,
    status: 403,
    zh: '该二维码已被另一个账号扫描，只有扫码的账号可以确认登录',
    en: 'Another account scanned this QR code. Only the account that scanned it can confirm the sign-in',
  },
  qrTicketNotScanned: {
    code: 1304,
    status: 409,
    zh: '请先用手机扫描该二维码，再确认登录',
    en: 'Scan this QR code with your phone before confirming the sign-in',
  },
});
