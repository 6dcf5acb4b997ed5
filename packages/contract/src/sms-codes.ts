import { defineErrors } from './errors.js';

/** SMS verification codes (the sms-codes module): 120x. */
export const SmsCodeErrors = defineErrors({
  tooManyCodes: { code: 1201, status: 429, zh: '验证码发送过于频繁，请 {wait}后再试', en: 'Too many codes requested. Try again in {wait}' },
  codeExpired: { code: 1202, status: 400, zh: '验证码已过期，请重新获取', en: 'The code has expired. Please request a new one' },
  codeUsed: { code: 1203, status: 400, zh: '验证码已使用，请重新获取', en: 'The code was already used. Please request a new one' },
  codeDead: {
    code: 1204,
    status: 400,
    zh: '验证码错误次数过多已失效，请重新获取',
    en: 'Too many wrong attempts: the code no longer works. Please request a new one',
  },
  codeWrong: {
    code: 1205,
    status: 400,
    zh: '验证码错误，还可尝试 {remaining} 次',
    en: 'Wrong code. {remaining} {remaining:attempt|attempts} left',
  },
  smsUnavailable: {
    code: 1206,
    status: 503,
    zh: '短信发送失败，请稍后再试',
    en: 'The text message could not be sent. Please try again later',
  },
});
