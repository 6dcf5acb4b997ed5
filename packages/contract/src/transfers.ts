import { defineErrors } from './errors.js';

/** Handing a work to another user (the transfers module): 180x. */
export const TransferErrors = defineErrors({
  transferNotPending: { code: 1801, status: 409, zh: '该转交已处理，不能再操作', en: 'This transfer has already been answered' },
  transferToSelf: { code: 1802, status: 400, zh: '不能转交给自己', en: 'You cannot hand a work to yourself' },
  receiverNotFound: { code: 1803, status: 404, zh: '找不到该手机号或邀请码对应的用户', en: 'No user has that phone number or invite code' },
  transferExpired: { code: 1804, status: 410, zh: '该转交已超过最晚接收时间', en: 'This transfer has passed its latest receipt time' },
});
