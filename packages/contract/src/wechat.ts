import { defineErrors } from './errors.js';

/** WeChat sign-in and binding (the wechat module): 150x. */
export const WechatErrors = defineErrors({
  wechatStateInvalid: {
    code: 1501,
    status: 400,
    zh: '微信登录已失效，请重新扫码',
    en: 'The WeChat sign-in expired. Please start it again',
  },
  wechatHandoffInvalid: {
    code: 1502,
    status: 404,
    zh: '微信登录结果已失效，请重新登录',
    en: 'This WeChat sign-in result was already used or expired. Please sign in again',
  },
  wechatFailed: { code: 1503, status: 502, zh: '微信登录失败，请稍后重试', en: 'WeChat sign-in failed. Please try again later' },
  wechatBindingInvalid: {
    code: 1504,
    status: 400,
    zh: '绑定已失效，请重新使用微信登录',
    en: 'The binding expired. Please sign in with WeChat again',
  },
  wechatAlreadyBound: {
    code: 1505,
    status: 409,
    zh: '该手机号已绑定其他微信',
    en: 'This phone number is already bound to another WeChat account',
  },
});
