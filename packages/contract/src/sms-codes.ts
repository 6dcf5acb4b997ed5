import { defineErrors } from './errors.js';
import smsCodeErrors from './sms-codes.errors.json' with { type: 'json' };

/** SMS verification codes (the sms-codes module): 120x. */
export const SmsCodeErrors = defineErrors(smsCodeErrors);
