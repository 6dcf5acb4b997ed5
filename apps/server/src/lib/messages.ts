import type { Language, ProcessingFailure, WorkStatus } from '@spatia/contract';

/**
 * Every message the server sends to a person, in both languages. `{name}` marks a parameter;
 * `{name:one|other}` the words that follow a number in English, chosen by that number's plural form.
 */
const catalogue = {
  ok: { zh: '成功', en: 'ok' },
  badRequest: { zh: '请求有误', en: 'Bad request' },
  unauthenticated: { zh: '您未登录或登录已过期，请重新登录', en: 'You are not signed in or your session has expired' },
  forbidden: { zh: '您没有权限执行此操作', en: 'You are not allowed to do this' },
  notFound: { zh: '您访问的资源不存在', en: 'Not found' },
  routeNotFound: { zh: '接口 {method} {url} 不存在', en: 'No endpoint {method} {url}' },
  methodNotAllowed: { zh: '不支持该请求方法', en: 'Method not allowed' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  retryIn: { zh: '操作过于频繁，请 {wait}后再试', en: 'Too many attempts. Try again in {wait}' },
  internal: { zh: '服务器开小差了，请稍后重试（请求编号 {requestId}）', en: 'Something went wrong on our side (request id {requestId})' },
  unavailable: { zh: '服务正在重启，请稍后重试', en: 'The service is restarting, please try again shortly' },
  validation: { zh: '参数 {field} {problem}', en: 'Parameter {field} {problem}' },
  invalidCredentials: { zh: '手机号或密码错误', en: 'Wrong phone number or password' },
  accountExists: { zh: '该手机号已注册', en: 'This phone number is already registered' },
  missingRole: { zh: '此功能仅对以下角色开放：{roles}', en: 'This is only available to: {roles}' },
  missingPermission: { zh: '您的账号没有此功能的权限（{permission}）', en: 'Your account lacks the permission for this ({permission})' },
  notYourAccount: { zh: '不能查看或修改其他用户的账号', en: "You cannot read or change another user's account" },
  accountLocked: {
    zh: '密码错误次数过多，该手机号已锁定，请 {minutes} 分钟后再试或使用验证码登录',
    en: 'Too many wrong passwords: this phone number is locked for {minutes} min. Try again later or sign in with a code',
  },
  passwordRetryIn: {
    zh: '密码错误次数过多，请 {wait}后再试，或使用验证码登录',
    en: 'Too many wrong passwords. Try again in {wait}, or sign in with a code',
  },
  phoneNotRegistered: { zh: '该手机号尚未注册', en: 'This phone number is not registered' },
  invalidInviteCode: { zh: '邀请码不存在', en: 'No account has this invite code' },
  wrongCurrentPassword: { zh: '当前密码不正确', en: 'The current password is wrong' },
  accountDisabled: { zh: '该账号已被停用，请联系客服', en: 'This account has been disabled. Please contact support' },
  unknownPermissionIds: { zh: '权限不存在：{ids}', en: 'No such permission: {ids}' },
  qrTicketUnknown: { zh: '二维码无效，请在电脑上刷新二维码', en: 'This QR code is not valid. Refresh it on the computer' },
  qrTicketExpired: {
    zh: '二维码已过期或已使用，请在电脑上刷新二维码',
    en: 'This QR code has expired or was used. Refresh it on the computer',
  },
  qrTicketScannedByOther: {
    zh: '该二维码已被另一个账号扫描，只有扫码的账号可以确认登录',
    en: 'Another account scanned this QR code. Only the account that scanned it can confirm the sign-in',
  },
  qrTicketNotScanned: { zh: '请先用手机扫描该二维码，再确认登录', en: 'Scan this QR code with your phone before confirming the sign-in' },
  uploadGrantInvalid: {
    zh: '上传凭证无效或已过期，请重新选择文件',
    en: 'The upload permission is not valid or has expired. Choose the file again',
  },
  unsupportedImage: { zh: '文件不是可识别的 PNG、JPEG 或 WebP 图片', en: 'The file is not a PNG, JPEG or WebP image we can read' },
  notEnterprise: { zh: '只有企业账号可以设置企业 Logo', en: 'Only enterprise accounts can set an enterprise logo' },
  invalidLogoUrl: {
    zh: '企业 Logo 必须是通过本平台上传的 https 地址',
    en: 'The enterprise logo must be an https address uploaded through this platform',
  },
  uploadContentRejected: {
    zh: '文件内容不是允许的类型（{accepted}），上传已取消',
    en: 'The file is not of an accepted type ({accepted}); the upload was discarded',
  },
  uploadTooLarge: { zh: '文件过大，此处最大允许 {max}', en: 'The file is too large: at most {max} here' },
  uploadLengthRequired: { zh: '上传时必须声明文件大小', en: 'An upload must declare the size of the file when it starts' },
  uploadNotFound: { zh: '该上传不存在或已过期，请重新上传文件', en: 'This upload does not exist or has expired. Upload the file again' },
  uploadOffsetConflict: {
    zh: '上传进度与服务器记录不一致，请从服务器记录的位置继续',
    en: "The upload's offset does not match the server's. Resume from the server's offset",
  },
  fileLinkExpired: {
    zh: '下载链接已过期，请重新打开作品获取新链接',
    en: 'This download link has expired. Open the work again for a new one',
  },
  wechatStateInvalid: { zh: '微信登录已失效，请重新扫码', en: 'The WeChat sign-in expired. Please start it again' },
  wechatHandoffInvalid: {
    zh: '微信登录结果已失效，请重新登录',
    en: 'This WeChat sign-in result was already used or expired. Please sign in again',
  },
  wechatFailed: { zh: '微信登录失败，请稍后重试', en: 'WeChat sign-in failed. Please try again later' },
  wechatBindingInvalid: { zh: '绑定已失效，请重新使用微信登录', en: 'The binding expired. Please sign in with WeChat again' },
  wechatAlreadyBound: { zh: '该手机号已绑定其他微信', en: 'This phone number is already bound to another WeChat account' },
  insufficientBalance: { zh: '余额不足', en: 'Insufficient balance' },
  rechargePlanUnknown: { zh: '没有 {months} 个月的充值套餐', en: 'There is no {months}-month recharge plan' },
  rechargeFeeMismatch: {
    zh: '金额与价目表不符：{months} 个月为 {expected} 元，请刷新页面后重试',
    en: 'The fee does not match the price list: {months} {months:month costs|months cost} ¥{expected}. Please reload the page and try again',
  },
  paymentProviderUnavailable: { zh: '本站暂不支持该支付方式', en: 'This site does not take this payment method' },
  paymentProviderFailed: {
    zh: '支付服务暂时无法下单，请稍后重试',
    en: 'The payment service could not take the order. Please try again shortly',
  },
  paymentOrderNotPayable: { zh: '该订单已关闭或已过期，不能再支付', en: 'This order is closed or expired and can no longer be paid' },
  workBudgetUsedUp: {
    zh: '该作品本月的流量预算已用完，暂停展示',
    en: 'This work has used up its traffic budget for the month and is paused',
  },
  workBalanceUnpaid: { zh: '该作品的流量费用未付，暂停展示', en: 'This work is paused until its traffic is paid for' },
  rechargePlanMonthsRepeated: { zh: '每个月数只能有一个充值套餐', en: 'Each number of months can have only one recharge plan' },
  withdrawalBelowMinimum: { zh: '每次提现至少 ¥{min}', en: 'A withdrawal must be at least ¥{min}' },
  withdrawalOverIncome: {
    zh: '可提现收益为 ¥{available}，不能提现 ¥{amount}',
    en: 'You can withdraw at most ¥{available} of your income, not ¥{amount}',
  },
  withdrawalAboveMaximum: { zh: '每次提现最多 ¥{max}', en: 'A withdrawal can be at most ¥{max}' },
  payoutAccountMissing: { zh: '请先绑定该收款方式的账户', en: 'Bind an account for this payout method first' },
  payoutChannelUnavailable: { zh: '本站暂不支持提现到该收款方式', en: 'This site does not pay out to this method' },
  withdrawalAlreadyDecided: { zh: '该提现申请已处理，不能再次审核', en: 'This withdrawal has already been decided' },
  alipayLogonIdInvalid: {
    zh: '支付宝账号须为手机号或邮箱',
    en: 'The Alipay account must be a mobile number or an e-mail address',
  },
  wechatOpenidInvalid: {
    zh: '微信 openid 须为 16 到 64 位字母、数字、- 或 _',
    en: 'The WeChat openid is 16 to 64 letters, digits, - or _',
  },
  idempotencyKeyReused: {
    zh: '该 Idempotency-Key 已用于另一笔不同的请求',
    en: 'This Idempotency-Key was already used for a different request',
  },
  idempotencyKeyInProgress: {
    zh: '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
    en: 'A request with this Idempotency-Key is still being handled. Please try again shortly',
  },
  dateRangeReversed: {
    zh: '开始日期 {startTime} 晚于结束日期 {endTime}',
    en: 'The start date {startTime} is after the end date {endTime}',
  },
  dateRangeTooLong: {
    zh: '查询范围最多 {max} 天，当前为 {days} 天，请缩小日期范围',
    en: 'A range can span at most {max} {max:day|days}; this one spans {days}. Please choose a shorter range',
  },
  orderTypeNotInDirection: { zh: '没有这类订单：{direction} / {type}', en: 'There are no orders of this kind: {direction} / {type}' },
  orderExportTooLarge: {
    zh: '符合条件的订单有 {count} 条，一次最多导出 {max} 条，请缩小日期范围或筛选状态',
    en: '{count} {count:order matches|orders match}; an export holds at most {max}. Please narrow the dates or filter by status',
  },
  workTransitionNotAllowed: { zh: '作品当前状态为“{status}”，不能执行此操作', en: 'This cannot be done while the work is {status}' },
  workIncomplete: {
    zh: '作品尚未完整，请先补全名称、封面和原始文件',
    en: 'The work is not complete: it needs a name, a cover and an original file',
  },
  workLocked: {
    zh: '作品正在转交中，请等待对方处理或先撤回',
    en: 'The work is being handed over. Wait for the receiver or withdraw the transfer first',
  },
  workTagLimit: { zh: '一个作品最多 {max} 个标签', en: 'A work can have at most {max} {max:tag|tags}' },
  workUnderAudit: {
    zh: '作品正在审核中，请先撤回审核再修改',
    en: 'The work is being reviewed. Withdraw it from review before changing it',
  },
  workReviewClaimed: {
    zh: '{name} 已认领此作品的审核，只有认领人可以审核',
    en: '{name} has claimed this review; only they can decide it',
  },
  transferNotPending: { zh: '该转交已处理，不能再操作', en: 'This transfer has already been answered' },
  transferToSelf: { zh: '不能转交给自己', en: 'You cannot hand a work to yourself' },
  receiverNotFound: { zh: '找不到该手机号或邀请码对应的用户', en: 'No user has that phone number or invite code' },
  transferExpired: { zh: '该转交已超过最晚接收时间', en: 'This transfer has passed its latest receipt time' },
  processingRunning: { zh: '作品正在处理中，请等待处理完成', en: 'The work is being processed. Wait until processing finishes' },
  processingNoOrigin: {
    zh: '作品还没有原始文件，无法处理。请先上传原始文件',
    en: 'The work has no original file to process. Upload its original file first',
  },
  tourRevisionStale: { zh: '漫游已在别处被修改，请刷新后再保存', en: 'The tour was changed elsewhere. Reload it before saving' },
  workNotProcessed: { zh: '作品尚未处理完成，请先处理作品', en: 'The work has not been processed yet. Process it first' },
  notAPanorama: { zh: '只有全景作品可以这样操作', en: 'Only panorama works can do this' },
  tourInvalid: { zh: '漫游设置有误：{problem}', en: 'The tour is not valid: {problem}' },
  notAPointCloud: { zh: '只有点云作品可以这样操作', en: 'Only point-cloud works can do this' },
  notAModelOrPointCloud: {
    zh: '只有三维模型和点云作品有这种查看数据；全景作品请读取漫游',
    en: 'Only 3D and point-cloud works have this; a panorama work has a tour',
  },
  measurementsStale: { zh: '测量已在别处被修改，请刷新后再保存', en: 'The measurements were changed elsewhere. Reload before saving' },
  measurementsInvalid: { zh: '测量“{label}”有误：{problem}', en: 'The measurement "{label}" is not valid: {problem}' },
  tooManyCodes: { zh: '验证码发送过于频繁，请 {wait}后再试', en: 'Too many codes requested. Try again in {wait}' },
  codeExpired: { zh: '验证码已过期，请重新获取', en: 'The code has expired. Please request a new one' },
  codeUsed: { zh: '验证码已使用，请重新获取', en: 'The code was already used. Please request a new one' },
  codeDead: {
    zh: '验证码错误次数过多已失效，请重新获取',
    en: 'Too many wrong attempts: the code no longer works. Please request a new one',
  },
  codeWrong: { zh: '验证码错误，还可尝试 {remaining} 次', en: 'Wrong code. {remaining} {remaining:attempt|attempts} left' },
  smsUnavailable: { zh: '短信发送失败，请稍后再试', en: 'The text message could not be sent. Please try again later' },
  membershipCompanyNameMissing: { zh: '请填写主体名称', en: 'please fill in the entity name' },
  membershipNameAndPhoneMissing: { zh: '请填写姓名和电话', en: 'please fill in name and phone' },
  membershipVersionMissing: { zh: '请选择会员版本', en: 'please choose a membership version' },
  membershipLicenceMissing: {
    zh: '请上传营业执照、登记证书或身份证图片',
    en: 'please upload a business licence, registration certificate or ID',
  },
  membershipLicenceInvalid: {
    zh: '证件图片须是您通过本平台上传的图片，请重新上传',
    en: 'The licence images must be images you uploaded here. Upload them again',
  },
  membershipPhoneMismatch: { zh: '电话须与账号绑定的手机号一致', en: 'The phone must be the phone number of your account' },
  membershipVersionUnavailable: { zh: '该会员版本不存在或已下架', en: 'This membership version does not exist or is no longer offered' },
  membershipTrialUsedByUser: { zh: '您的账号已使用过免费试用', en: 'Your account has already had its free trial' },
  membershipTrialUsedByLicence: { zh: '该证件已用于一次免费试用', en: 'This licence was already used for a free trial' },
  membershipApplicationPending: { zh: '您已有一个正在审核的申请，请等待审核结果', en: 'you already have an application under review' },
  membershipApplicationDecided: { zh: '该申请已处理，不能再操作', en: 'This application has already been decided' },
  membershipVersionInUse: {
    zh: '该版本仍有会员在使用或有待审核的申请，不能删除',
    en: 'Members hold this version or applications for it are under review: it cannot be removed',
  },
  membershipNotActive: { zh: '该用户当前没有有效的会员', en: 'This user has no active membership' },
  membershipNoTrial: {
    zh: '该版本没有免费试用，付费开通将随支付功能提供',
    en: 'This version has no free trial; paid months come with payments',
  },
  identityAlreadyOpen: {
    zh: '您已有该身份的认证申请正在审核或已通过，不能重复申请',
    en: 'You already have an application for this identity under review or approved',
  },
  identityRecordClosed: { zh: '该认证记录已被驳回或撤销，不能再操作', en: 'This identity record was already rejected or withdrawn' },
  identityAlreadyDecided: { zh: '该认证申请已处理，不能再次审核', en: 'This identity application has already been decided' },
  businessCardInvalid: {
    zh: '名片必须是您本人通过“上传名片”上传的图片',
    en: 'The business card must be an image you uploaded with "Upload business card"',
  },
  identityExtrasInvalid: {
    zh: '参数 jsonExtras 必须是 JSON 对象，且每个值都是文字',
    en: 'Parameter jsonExtras must be a JSON object whose values are all text',
  },
  cannotDisableSelf: { zh: '不能停用您自己的账号', en: 'You cannot disable your own account' },
  cannotDropOwnAdmin: {
    zh: '不能移除您自己的管理员角色，请让另一位管理员操作',
    en: 'You cannot remove the admin role from yourself; ask another admin',
  },
  userAlreadyDisabled: { zh: '该账号已停用', en: 'This account is already disabled' },
  userNotDisabled: { zh: '该账号未停用，无需启用', en: 'This account is not disabled' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof catalogue;

/** How a single failed schema rule reads, after "Parameter {field}". */
const validationProblems = {
  required: { zh: '为必填项', en: 'is required' },
  type: { zh: '应为{type}', en: 'must be a {type}' },
  minLength: { zh: '长度至少为 {limit} 个字符', en: 'must be at least {limit} {limit:character|characters}' },
  maxLength: { zh: '长度不能超过 {limit} 个字符', en: 'must be at most {limit} {limit:character|characters}' },
  minimum: { zh: '不能小于 {limit}', en: 'must be at least {limit}' },
  maximum: { zh: '不能大于 {limit}', en: 'must be at most {limit}' },
  pattern: { zh: '格式不正确', en: 'has the wrong format' },
  format: { zh: '格式不正确', en: 'has the wrong format' },
  enum: { zh: '取值应为 {allowed} 之一', en: 'must be one of {allowed}' },
  additionalProperties: { zh: '不被接受', en: 'is not accepted' },
  invalid: { zh: '无效', en: 'is invalid' },
  nulCharacter: { zh: '不能包含空字符（U+0000）', en: 'must not contain the NUL character (U+0000)' },
  tooShort: { zh: '至少需要 {limit} 个字符', en: 'must be at least {limit} {limit:character|characters}' },
  tooLong: { zh: '不能超过 {limit} 个字符', en: 'must be at most {limit} {limit:character|characters}' },
  tooManyItems: { zh: '最多只能有 {limit} 项', en: 'must list at most {limit} {limit:item|items}' },
  needsLetterAndDigit: { zh: '需同时包含字母和数字', en: 'must contain both letters and digits' },
  sensitiveWords: { zh: '包含敏感词：{words}', en: 'contains words that are not allowed: {words}' },
  onlyPunctuation: { zh: '不能只包含空格、标点或符号', en: 'must not consist only of spaces, punctuation or symbols' },
  notUtf8Text: { zh: '必须是 UTF-8 编码的文本或 CSV 文件', en: 'must be a UTF-8 text or CSV file' },
  tooManyWords: { zh: '最多包含 {limit} 个词', en: 'must hold at most {limit} {limit:word|words}' },
  minItems: { zh: '至少需要 {limit} 项', en: 'must have at least {limit} {limit:item|items}' },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationProblem = keyof typeof validationProblems;

const typeNames: Record<string, Record<Language, string>> = {
  string: { zh: '字符串', en: 'string' },
  number: { zh: '数字', en: 'number' },
  integer: { zh: '整数', en: 'whole number' },
  boolean: { zh: '布尔值', en: 'boolean' },
  array: { zh: '列表', en: 'list' },
  object: { zh: '对象', en: 'object' },
};

export type MessageParams = Record<string, string | number>;

const workStatusNames: Record<WorkStatus, Record<Language, string>> = {
  unpublished: { zh: '未发布', en: 'unpublished' },
  published: { zh: '已发布', en: 'published' },
  unaudited: { zh: '待审核', en: 'waiting for review' },
  underReview: { zh: '审核中', en: 'under review' },
  notPassed: { zh: '未通过', en: 'not passed' },
  passed: { zh: '已通过', en: 'passed' },
  exposed: { zh: '已展示', en: 'exposed' },
};

/** What is wrong with a saved tour (code 1905); `{hotspot}` names the hotspot. */
const tourProblems = {
  scenesMismatch: { zh: '场景必须与处理结果一一对应，每个场景出现一次', en: 'the scenes must be exactly the processed scenes, each once' },
  musicNotOfWork: { zh: '背景音乐不是本作品的音乐文件', en: 'the background music is not a music file of this work' },
  hotspotIdTwice: { zh: '热点 {hotspot} 重复出现', en: 'hotspot {hotspot} appears twice' },
  linkMissingScene: { zh: '热点 {hotspot} 指向一个不存在的场景', en: 'hotspot {hotspot} leads to a scene the tour does not have' },
  linkToSelf: { zh: '热点 {hotspot} 指向它所在的场景', en: 'hotspot {hotspot} leads to its own scene' },
  unsafeUrl: {
    zh: '热点 {hotspot} 的链接只能是 http(s) 地址或本站文件',
    en: 'the links of hotspot {hotspot} must be http(s) addresses or files of this site',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type TourProblem = keyof typeof tourProblems;

/** What is wrong with a saved measurement (code 1908); `{label}` names it. */
const measurementProblems = {
  idTwice: { zh: '编号重复', en: 'its id appears twice' },
  pointCount: {
    zh: '点数不符合测量类型（距离至少 2 个点，面积至少 3 个，高度正好 2 个）',
    en: 'it has the wrong number of points for its kind (distance 2 or more, area 3 or more, height exactly 2)',
  },
  outsideCloud: { zh: '有测量点远在点云范围之外', en: 'a point lies far outside the point cloud' },
} as const satisfies Record<string, Record<Language, string>>;

export type MeasurementProblem = keyof typeof measurementProblems;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const { status, problem } = params;
  const localized = { ...params };
  if (typeof status === 'string' && status in workStatusNames) localized.status = workStatusNames[status as WorkStatus][language];
  if (typeof problem === 'string' && problem in tourProblems)
    localized.problem = interpolate(tourProblems[problem as TourProblem][language], params);
  if (typeof problem === 'string' && key === 'measurementsInvalid' && problem in measurementProblems)
    localized.problem = measurementProblems[problem as MeasurementProblem][language];
  if (typeof params.seconds === 'number') localized.wait = describeWait(params.seconds, language);
  return interpolate(catalogue[key][language], localized);
}

/** `{wait}` of a message with `{seconds}`: "45 秒" / "45 s" under two minutes, else whole minutes rounded up. */
export function describeWait(seconds: number, language: Language): string {
  if (seconds < 120) return language === 'zh' ? `${seconds} 秒` : `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return language === 'zh' ? `${minutes} 分钟` : `${minutes} min`;
}

export function translateProblem(problem: ValidationProblem, language: Language, params: MessageParams = {}): string {
  const localizedParams = { ...params };
  if (typeof params.type === 'string') localizedParams.type = typeNames[params.type]?.[language] ?? params.type;
  return interpolate(validationProblems[problem][language], localizedParams);
}

/** Why processing failed, said so the owner knows what to do about it. `{file}` names the file. */
const processingFailures: Record<ProcessingFailure, Record<Language, string>> = {
  noOrigin: { zh: '作品还没有原始文件，请先上传原始文件', en: 'The work has no original file yet. Upload one first' },
  notEquirectangular: {
    zh: '“{file}”不是 2:1 的全景图（需要 JPEG、PNG 或 WebP 格式的等距柱状投影图片）',
    en: '"{file}" is not a 2:1 panorama (an equirectangular JPEG, PNG or WebP is needed)',
  },
  panoramaTooLarge: {
    zh: '“{file}”超过 16384×8192 像素，请缩小后重新上传',
    en: '"{file}" is larger than 16384×8192 pixels. Scale it down and upload it again',
  },
  unreadableImage: {
    zh: '“{file}”无法读取，文件可能已损坏或未上传完整',
    en: '"{file}" cannot be read: it may be damaged or incompletely uploaded',
  },
  emptyArchive: { zh: '压缩包“{file}”里没有全景图（JPEG、PNG 或 WebP）', en: 'The zip "{file}" holds no panorama (JPEG, PNG or WebP)' },
  unsupportedType: { zh: '该类型的作品不使用全景处理', en: 'This type of work is not processed as panoramas' },
  unsupportedFormat: {
    zh: '无法识别“{file}”的格式。模型支持 GLB、glTF（zip）、OBJ（zip）和 PLY；点云支持 LAS、LAZ、PLY 和 XYZ/TXT',
    en: 'The format of "{file}" is not supported. Models: GLB, glTF (zip), OBJ (zip) or PLY; point clouds: LAS, LAZ, PLY or XYZ/TXT',
  },
  damagedFile: {
    zh: '“{file}”已损坏或内容与文件头不符，请重新导出后上传',
    en: '"{file}" is damaged or does not match its own header. Export it again and upload it',
  },
  unsafeArchive: {
    zh: '压缩包“{file}”不安全（含有指向包外的路径、链接，或解压后过大），已拒绝处理',
    en: 'The zip "{file}" was refused: it holds paths leading outside it, links, or far too much data once unpacked',
  },
  nothingToShow: { zh: '“{file}”里没有可显示的内容（没有三角面或点）', en: '"{file}" holds nothing to show (no triangles or points)' },
  internal: {
    zh: '处理时出现意外错误，请重试；如果仍然失败，请联系客服',
    en: 'Processing hit an unexpected error. Retry; if it fails again, contact support',
  },
  crashed: {
    zh: '处理“{file}”时处理程序多次意外中止，已停止重试。文件可能已损坏或过于复杂，请检查后重新上传；如果仍然失败，请联系客服',
    en: 'Processing stopped unexpectedly several times while working on "{file}", so it was not retried again. The file may be damaged or too complex: check it and upload it again; if it fails again, contact support',
  },
};

/** `crashed` when no file was being processed as far as the server knows (the whole process died). */
const crashedWithoutFile: Record<Language, string> = {
  zh: '处理程序多次意外中止，已停止重试。请检查上传的文件后重试；如果仍然失败，请联系客服',
  en: 'Processing stopped unexpectedly several times, so it was not retried again. Check the uploaded files and retry; if it fails again, contact support',
};

export function describeProcessingFailure(reason: ProcessingFailure, language: Language, file: string | null): string {
  if (reason === 'crashed' && !file) return crashedWithoutFile[language];
  return interpolate(processingFailures[reason][language], { file: file ?? '' });
}

export function messageKeys(): MessageKey[] {
  return Object.keys(catalogue) as MessageKey[];
}

const englishPlural = new Intl.PluralRules('en');

/** Fills `{name}` with its parameter, and `{name:one|other}` with the form the parameter's number takes. */
function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    if (one === undefined || other === undefined) return String(params[name]);
    return englishPlural.select(Number(params[name])) === 'one' ? one : other;
  });
}

/** Every validation problem's key, for the tests that read the whole catalogue. */
export function validationProblemKeys(): ValidationProblem[] {
  return Object.keys(validationProblems) as ValidationProblem[];
}
