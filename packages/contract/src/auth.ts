import { defineErrors } from './errors.js';

/** Signing in, accounts and access (the auth, accounts, access and users modules): 110x. */
export const AuthErrors = defineErrors({
  invalidCredentials: { code: 1101, status: 400, zh: '手机号或密码错误', en: 'Wrong phone number or password' },
  accountExists: { code: 1102, status: 409, zh: '该手机号已注册', en: 'This phone number is already registered' },
  missingRole: { code: 1103, status: 403, zh: '此功能仅对以下角色开放：{roles}', en: 'This is only available to: {roles}' },
  missingPermission: {
    code: 1104,
    status: 403,
    zh: '您的账号没有此功能的权限（{permission}）',
    en: 'Your account lacks the permission for this ({permission})',
  },
  notYourAccount: { code: 1105, status: 403, zh: '不能查看或修改其他用户的账号', en: "You cannot read or change another user's account" },
  accountLocked: {
    code: 1106,
    status: 429,
    zh: '密码错误次数过多，该手机号已锁定，请 {minutes} 分钟后再试或使用验证码登录',
    en: 'Too many wrong passwords: this phone number is locked for {minutes} min. Try again later or sign in with a code',
  },
  phoneNotRegistered: { code: 1107, status: 404, zh: '该手机号尚未注册', en: 'This phone number is not registered' },
  invalidInviteCode: { code: 1108, status: 400, zh: '邀请码不存在', en: 'No account has this invite code' },
  wrongCurrentPassword: { code: 1109, status: 400, zh: '当前密码不正确', en: 'The current password is wrong' },
  passwordRetryIn: {
    code: 1110,
    status: 429,
    zh: '密码错误次数过多，请 {wait}后再试，或使用验证码登录',
    en: 'Too many wrong passwords. Try again in {wait}, or sign in with a code',
  },
  accountDisabled: {
    code: 1111,
    status: 403,
    zh: '该账号已被停用，请联系客服',
    en: 'This account has been disabled. Please contact support',
  },
  unknownPermissionIds: { code: 1112, status: 400, zh: '权限不存在：{ids}', en: 'No such permission: {ids}' },
});
