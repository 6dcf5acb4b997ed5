import { defineErrors } from './errors.js';
import wechatErrors from './wechat.errors.json' with { type: 'json' };

/** WeChat sign-in and binding (the wechat module): 150x. */
export const WechatErrors = defineErrors(wechatErrors);
