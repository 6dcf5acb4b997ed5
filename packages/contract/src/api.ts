/** Shapes of the API that both the server and the web app rely on. */

export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface LoginResult {
  uid: string;
  fullName: string;
  avatarUrl: string;
}

export interface UserInfo {
  uid: string;
  name: string;
  avatarUrl: string;
  roles: string[];
  phone: string;
  businessRoleCode: string;
  menus: number[];
  enterpriseLogoUrl: string;
}

export interface HealthStatus {
  status: 'ok';
  database: 'pglite' | 'postgres';
  version: string;
}

export interface MobileAppInfo {
  /** The capture app's package as the operator configured it (APP_APK_URL); empty while none is. */
  apkUrl: string;
  /** What the download QR code opens: the package when configured, else the site's own download page (absolute). */
  downloadUrl: string;
}

/** The site's own page for the capture app, a phone page: the download QR code opens it when no package URL is configured. */
export const APP_DOWNLOAD_PAGE_PATH = '/mobile/download';

export type Language = 'zh' | 'en';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

/** The first of the browser's languages (`navigator.languages`) that the site speaks; zh when none is. */
export function pickBrowserLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('en')) return 'en';
    if (lower.startsWith('zh')) return 'zh';
  }
  return 'zh';
}

/** Public settings the browser may read (`GET /api/open/siteConfig`). Only allow-listed values. */
export interface SiteConfig {
  companyName: Record<Language, string>;
  servicePhone: string;
  serviceHours: string;
  softwareNotice: Record<Language, string>;
  certificateNumbers: string[];
  registrationLinks: { label: Record<Language, string>; url: string }[];
  privacyUrl: string;
  /** Whether the login page offers WeChat sign-in. */
  wechatLogin: boolean;
  apiBaseUrls: { main: string; tjhx: string; pointCloud: string; maps: string };
  /** The base map of the map picker: a raster tile URL with {z}, {x} and {y} (MAP_TILE_URL), and its attribution (HTML). */
  map: { tileUrl: string; attribution: string };
  /** An external point-cloud list the menu entry (permission 460) opens; empty: the console's own page. */
  pointCloudListUrl: string;
  /** Whether payments and payouts go through the sandbox, which moves no real money: every page then shows a test-mode banner. */
  sandboxMoney: boolean;
}

/** Request headers and cookie names fixed by the spec and the architecture guide. */
export const AUTH_HEADER = 'auth-token';
export const AUTH_HEADER_X = 'x-auth-token';
export const LANGUAGE_COOKIE = 'language';

/** SMS-code and QR sign-in answer with these names (spec 3). */
export interface CodeLoginResult {
  userUid: string;
  username: string;
  avatarUrl: string;
  phoneNumber: string;
}

export interface IssuedVerificationCode {
  hash: string;
  expiredTime: number;
}

export interface ActiveSessionInfo {
  id: number;
  userAgent: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

export interface Profile {
  uid: string;
  name: string;
  avatarUrl: string;
  phone: string;
  inviteCode: string;
  enterpriseLogoUrl: string;
  isEnterprise: boolean;
  hasPassword: boolean;
  businessRoleCode: string;
  createdAt: number;
  inviter: { uid: string; name: string } | null;
}

export interface UserOverview {
  works: {
    total: number;
    byStatus: Record<'unpublished' | 'published' | 'underReview' | 'exposed' | 'notPassed' | 'passed' | 'unaudited', number>;
  };
  followers: number;
  following: number;
  /** In fen. */
  balance: number;
}

export interface UploadGrant {
  uploadUrl: string;
  method: 'PUT';
  maxBytes: number;
  accept: string[];
  expiresAt: number;
}

/** A one-minute link the browser's own download can open without auth headers (offline packages, LAS exports). */
export interface DownloadTicket {
  url: string;
  expiresAt: number;
}

export interface QrTicket {
  ticket: string;
  pollToken: string;
  confirmUrl: string;
  expiresAt: number;
  status: 'pending';
}

export type QrTicketStatus = 'pending' | 'scanned' | 'confirmed' | 'declined' | 'expired';

/** `GET /api/qrcode/login?pollToken=`: `login` comes with 'confirmed' (and the token header). */
export interface QrTicketState {
  status: QrTicketStatus;
  expiresAt: number;
  login?: CodeLoginResult;
}

/** `POST /api/qrcode/scan`: what the phone shows before confirming. */
export interface QrScanResult {
  status: QrTicketStatus;
  expiresAt: number;
  client: { userAgent: string; ip: string };
}

/** `POST /api/open/wechat/complete`: a session, or a binding ticket (`unionId`) for binding a phone first. */
export type WechatHandoffResult =
  { bound: true; login: CodeLoginResult; redirect: string } | { bound: false; unionId: string; nickname: string; redirect: string };
