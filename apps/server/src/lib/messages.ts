import type { Language, ProcessingFailure, WorkStatus } from '@spatia/contract';
import { apiErrors, type ErrorName } from './app-error.js';

/**
 * Messages sent with a general code rather than one of their own: the 404 of an unknown API path, and
 * the 400 of a body in a content type no parser takes. Every error's own message is declared with the
 * error, in the contract (`defineErrors`; lib/app-error.ts collects them). `{name}` marks a parameter;
 * `{name:one|other}` the words that follow a number in English, chosen by that number's plural form.
 */
const uncodedMessages = {
  routeNotFound: { zh: '接口 {method} {url} 不存在', en: 'No endpoint {method} {url}' },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
} as const satisfies Record<string, Record<Language, string>>;

for (const key of Object.keys(uncodedMessages)) {
  if (key in apiErrors) throw new Error(`message ${key} is also the name of an error: rename one`);
}

/** What a person may be told: an error's message, or one of `uncodedMessages`. */
export type MessageKey = ErrorName | keyof typeof uncodedMessages;

function templateOf(key: MessageKey): Record<Language, string> {
  return key in uncodedMessages ? uncodedMessages[key as keyof typeof uncodedMessages] : apiErrors[key as ErrorName];
}

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
  return interpolate(templateOf(key)[language], localized);
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

/** Every message's key: each error's, then the uncoded ones. */
export function messageKeys(): MessageKey[] {
  return [...Object.keys(apiErrors), ...Object.keys(uncodedMessages)] as MessageKey[];
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
