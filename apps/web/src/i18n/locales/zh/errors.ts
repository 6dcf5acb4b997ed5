export default {
  /** Fallbacks of spec 8, used only when the server sent no message. */
  requestFailed: '请求失败',
  networkFailed: '网络异常，请稍后重试',
  hasError: '出错了',
  verificationFailed: '验证失败，请重新登录。',
  sessionExpiredTitle: '登录状态已失效',
  sessionExpired: '您尚未登录或登录已过期，可以取消停留在此页面，或重新登录',
  relogin: '重新登录',
  loginRequiredTitle: '请先登录',
  loginRequired: '您还没有登录，请先登录',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在，或暂未开放。',
  crashTitle: '页面出错了',
  crashText: '请刷新页面重试。',
  reload: '刷新页面',
} as const;
