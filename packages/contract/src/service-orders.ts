/**
 * Service orders (spec 1, 2.2, 2.3, 2.4, 3; docs/service-orders.md): a customer or merchant books a shoot
 * (`/addOrder`), priced by an admin's price rules, with an optional coupon; a signed photographer accepts,
 * shoots and delivers; the customer confirms, and the provider's income is posted then. Signing
 * (`/signed/index`): a photographer applies to be a signed service provider for a set of provinces.
 * Money is integer fen everywhere; times are epoch milliseconds.
 */
import type { Page } from './api.js';
import { defineErrors } from './errors.js';
import type { FlowRechargeOrder, PaymentProvider } from './payments.js';
import serviceOrderErrors from './service-orders.errors.json' with { type: 'json' };

// Areas

/** China's 34 province-level divisions, by their GB/T 2260 two-digit code. */
export const PROVINCES = [
  { code: '11', zh: '北京市', en: 'Beijing' },
  { code: '12', zh: '天津市', en: 'Tianjin' },
  { code: '13', zh: '河北省', en: 'Hebei' },
  { code: '14', zh: '山西省', en: 'Shanxi' },
  { code: '15', zh: '内蒙古自治区', en: 'Inner Mongolia' },
  { code: '21', zh: '辽宁省', en: 'Liaoning' },
  { code: '22', zh: '吉林省', en: 'Jilin' },
  { code: '23', zh: '黑龙江省', en: 'Heilongjiang' },
  { code: '31', zh: '上海市', en: 'Shanghai' },
  { code: '32', zh: '江苏省', en: 'Jiangsu' },
  { code: '33', zh: '浙江省', en: 'Zhejiang' },
  { code: '34', zh: '安徽省', en: 'Anhui' },
  { code: '35', zh: '福建省', en: 'Fujian' },
  { code: '36', zh: '江西省', en: 'Jiangxi' },
  { code: '37', zh: '山东省', en: 'Shandong' },
  { code: '41', zh: '河南省', en: 'Henan' },
  { code: '42', zh: '湖北省', en: 'Hubei' },
  { code: '43', zh: '湖南省', en: 'Hunan' },
  { code: '44', zh: '广东省', en: 'Guangdong' },
  { code: '45', zh: '广西壮族自治区', en: 'Guangxi' },
  { code: '46', zh: '海南省', en: 'Hainan' },
  { code: '50', zh: '重庆市', en: 'Chongqing' },
  { code: '51', zh: '四川省', en: 'Sichuan' },
  { code: '52', zh: '贵州省', en: 'Guizhou' },
  { code: '53', zh: '云南省', en: 'Yunnan' },
  { code: '54', zh: '西藏自治区', en: 'Tibet' },
  { code: '61', zh: '陕西省', en: 'Shaanxi' },
  { code: '62', zh: '甘肃省', en: 'Gansu' },
  { code: '63', zh: '青海省', en: 'Qinghai' },
  { code: '64', zh: '宁夏回族自治区', en: 'Ningxia' },
  { code: '65', zh: '新疆维吾尔自治区', en: 'Xinjiang' },
  { code: '71', zh: '台湾省', en: 'Taiwan' },
  { code: '81', zh: '香港特别行政区', en: 'Hong Kong' },
  { code: '82', zh: '澳门特别行政区', en: 'Macao' },
] as const;
export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export const PROVINCE_CODES: readonly ProvinceCode[] = PROVINCES.map((province) => province.code);

export function isProvinceCode(code: string): code is ProvinceCode {
  return (PROVINCE_CODES as readonly string[]).includes(code);
}

export function provinceName(code: string, language: 'zh' | 'en'): string {
  return PROVINCES.find((province) => province.code === code)?.[language] ?? code;
}

// Requirement types and pricing

/** What is to be shot. */
export const SERVICE_REQUIREMENT_TYPES = ['panoramaTour', 'model3d', 'pointCloud'] as const;
export type ServiceRequirementType = (typeof SERVICE_REQUIREMENT_TYPES)[number];
export const SERVICE_REQUIREMENT_TYPE_LABELS: Record<ServiceRequirementType, { zh: string; en: string }> = {
  panoramaTour: { zh: '全景漫游', en: 'Panorama tour' },
  model3d: { zh: '三维模型', en: '3D model' },
  pointCloud: { zh: '点云', en: 'Point cloud' },
};

/** How the price is calculated: by the number of sites (shooting points), or by the shooting area in m². */
export const SERVICE_PRICING_METHODS = ['sites', 'area'] as const;
export type ServicePricingMethod = (typeof SERVICE_PRICING_METHODS)[number];

export const SERVICE_SITE_COUNT_MAX = 10_000;
/** Square metres, whole. */
export const SERVICE_AREA_M2_MAX = 1_000_000;
export const SERVICE_PRICE_MAX_FEN = 100_000_000;
export const SERVICE_TITLE_MAX = 60;
export const SERVICE_CITY_MAX = 40;
export const SERVICE_ADDRESS_MAX = 200;
export const SERVICE_REMARK_MAX = 500;
export const SERVICE_REASON_MAX = 200;
/** An appointment is at most this many days ahead. */
export const SERVICE_APPOINTMENT_DAYS_MAX = 365;
/**
 * A placed order not paid this many minutes after it was placed is cancelled by the expiry job (a QR payment
 * order still open keeps it until that order's time is up: docs/service-orders.md "Unpaid orders expire").
 */
export const SERVICE_UNPAID_EXPIRY_MINUTES = 30;
/** Works one delivery hands over. */
export const SERVICE_DELIVERY_WORKS_MAX = 20;
/** The platform's share of a completed order, in basis points (an admin setting); at most half. */
export const SERVICE_PLATFORM_FEE_BPS_MAX = 5_000;

/**
 * An admin's price rule for one requirement type: a price per site and per m² (fen), a minimum price
 * (the estimate never goes below it) and the deposit's share of the price (basis points; 10000 = the whole).
 * A type without an enabled rule cannot be booked.
 */
export interface ServicePriceRule {
  requirementType: ServiceRequirementType;
  pricePerSiteFen: number;
  pricePerM2Fen: number;
  minimumFen: number;
  depositBps: number;
  enabled: boolean;
}

/** `PUT /api/admin/serviceOrder/priceRules/{requirementType}`. */
export type ServicePriceRuleUpdate = Omit<ServicePriceRule, 'requirementType'>;

/** A coupon as the estimate applies it (no per-user or stock check here: the server does that). */
export interface ServiceCouponTerms {
  kind: ServiceCouponKind;
  /** Fen off, for kind `amount`. */
  amountOffFen: number;
  /** Percent off (1–99), for kind `percent`. */
  percentOff: number;
  /** The list price must reach this (fen) for the coupon to apply. */
  minSpendFen: number;
}

export interface ServiceEstimateInput {
  pricing: ServicePricingMethod;
  siteCount?: number | null;
  areaM2?: number | null;
}

/** What an order costs. `priceFen` = `listPriceFen` − `discountFen`; `depositFen` is what a deposit payment takes. */
export interface ServiceEstimate {
  listPriceFen: number;
  discountFen: number;
  priceFen: number;
  depositFen: number;
}

/** The price before any coupon: per site or per m², never below the rule's minimum. Null for a missing or out-of-range quantity. */
export function listPriceOf(
  rule: Pick<ServicePriceRule, 'pricePerSiteFen' | 'pricePerM2Fen' | 'minimumFen'>,
  input: ServiceEstimateInput,
): number | null {
  const quantity = input.pricing === 'sites' ? input.siteCount : input.areaM2;
  const max = input.pricing === 'sites' ? SERVICE_SITE_COUNT_MAX : SERVICE_AREA_M2_MAX;
  if (quantity === undefined || quantity === null || !Number.isInteger(quantity) || quantity < 1 || quantity > max) return null;
  const unit = input.pricing === 'sites' ? rule.pricePerSiteFen : rule.pricePerM2Fen;
  return Math.min(Math.max(unit * quantity, rule.minimumFen, 1), SERVICE_PRICE_MAX_FEN);
}

/** What a coupon takes off a list price: 0 below its minimum spend; it never takes the price below 1 fen. */
export function couponDiscountOf(coupon: ServiceCouponTerms, listPriceFen: number): number {
  if (listPriceFen < coupon.minSpendFen) return 0;
  const off = coupon.kind === 'amount' ? coupon.amountOffFen : Math.floor((listPriceFen * coupon.percentOff) / 100);
  return Math.max(0, Math.min(off, listPriceFen - 1));
}

/** The deposit of a price: its share, rounded up, at least 1 fen and at most the price. */
export function depositOf(priceFen: number, depositBps: number): number {
  return Math.min(priceFen, Math.max(1, Math.ceil((priceFen * depositBps) / 10_000)));
}

/**
 * The estimate of an order (spec 3 "estimated price"): the web computes it live as the person types and
 * the server computes it again when the order is placed (a differing `estimateFen` sent with the order is
 * refused, so nobody pays a price they did not see). Null when the quantity is missing or out of range.
 */
export function estimateServiceOrder(
  rule: ServicePriceRule,
  input: ServiceEstimateInput,
  coupon?: ServiceCouponTerms | null,
): ServiceEstimate | null {
  const listPriceFen = listPriceOf(rule, input);
  if (listPriceFen === null) return null;
  const discountFen = coupon ? couponDiscountOf(coupon, listPriceFen) : 0;
  const priceFen = listPriceFen - discountFen;
  return { listPriceFen, discountFen, priceFen, depositFen: depositOf(priceFen, rule.depositBps) };
}

// Coupons

export const SERVICE_COUPON_KINDS = ['amount', 'percent'] as const;
export type ServiceCouponKind = (typeof SERVICE_COUPON_KINDS)[number];
/** Codes are 4–20 capital letters and digits; typed codes are upper-cased first. */
export const SERVICE_COUPON_CODE_PATTERN = /^[A-Z0-9]{4,20}$/;
export const SERVICE_COUPON_NAME_MAX = 40;

export interface ServiceCoupon extends ServiceCouponTerms {
  id: number;
  code: string;
  name: string;
  validFrom: number;
  validUntil: number;
  /** How many orders one person may pay with it. */
  perUserLimit: number;
  /** How many orders in all may pay with it; 0 = no limit. */
  totalLimit: number;
  /** Orders paid with it (a cancelled order gives its use back). */
  usedCount: number;
  enabled: boolean;
  createdAt: number;
}

/** `POST /api/admin/serviceOrder/coupons`: code empty = one is generated. */
export interface ServiceCouponCreate extends ServiceCouponTerms {
  code?: string;
  name: string;
  validFrom: number;
  validUntil: number;
  perUserLimit: number;
  totalLimit: number;
}

/** A coupon as the estimate answers it: whether it applies and, when not, why (an error code of this catalogue). */
export interface ServiceCouponCheck {
  code: string;
  name: string;
  applies: boolean;
  discountFen: number;
  /** Why it does not apply (`ServiceOrderErrors.<name>.code`), in the reader's language in `problem`; null when it applies. */
  problemCode: number | null;
  problem: string | null;
}

// Orders

/**
 * placed: waiting for payment; paid: the deposit or the whole is held, waiting for a provider; accepted: a
 * signed provider took it (or an admin assigned one); shot: the provider says the shoot is done;
 * delivered: the works were handed over, waiting for the customer; completed: the customer confirmed and
 * the provider was paid; cancelled: by the customer before acceptance, or by an admin (with refunds).
 */
export const SERVICE_ORDER_STATUSES = ['placed', 'paid', 'accepted', 'shot', 'delivered', 'completed', 'cancelled'] as const;
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number];

/** What a payment pays: the deposit, the whole price, or the rest after a deposit. */
export const SERVICE_PAYMENT_PARTS = ['deposit', 'whole', 'rest'] as const;
export type ServicePaymentPart = (typeof SERVICE_PAYMENT_PARTS)[number];
/** How a part is paid: from the balance, or by a provider's QR code (its money lands on the balance, then pays). */
export type ServicePaymentMethod = 'balance' | PaymentProvider;

/** The statuses in which the rest of a deposit order may be paid (it must be, before confirming). */
export const SERVICE_REST_PAYABLE_STATUSES: readonly ServiceOrderStatus[] = ['paid', 'accepted', 'shot', 'delivered'];

export interface ServicePartySummary {
  uid: string;
  name: string;
  avatarUrl: string;
}

/** One order as lists show it. */
export interface ServiceOrderItem {
  id: number;
  /** `S` + UTC time to the second + 8 hex digits. */
  orderNo: string;
  requirementType: ServiceRequirementType;
  title: string;
  provinceCode: ProvinceCode;
  city: string;
  pricing: ServicePricingMethod;
  siteCount: number | null;
  areaM2: number | null;
  listPriceFen: number;
  discountFen: number;
  priceFen: number;
  depositFen: number;
  /** What was paid in (held, then paid out on completion), less refunds. */
  paidFen: number;
  refundedFen: number;
  status: ServiceOrderStatus;
  appointmentAt: number;
  createdAt: number;
  customer: ServicePartySummary;
  provider: ServicePartySummary | null;
}

/** A delivery's works (handed over through work transfers, docs/service-orders.md "Delivery"). */
export interface ServiceDeliveryWork {
  uid: string;
  name: string;
  coverUrl: string;
  transferId: number;
}

export interface ServiceOrderDetail extends ServiceOrderItem {
  phone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  remark: string;
  couponCode: string | null;
  /** The next part the customer may pay now, or null. */
  payable: { part: ServicePaymentPart; amountFen: number } | null;
  /** What the caller may do now (the web shows these buttons). */
  actions: ServiceOrderAction[];
  cancelReason: string;
  paidAt: number | null;
  acceptedAt: number | null;
  shotAt: number | null;
  deliveredAt: number | null;
  completedAt: number | null;
  cancelledAt: number | null;
  deliveryNote: string;
  deliveredWorks: ServiceDeliveryWork[];
  /** The provider's income once completed (price less the platform fee); null until then. */
  providerIncomeFen: number | null;
}

export const SERVICE_ORDER_ACTIONS = ['pay', 'cancel', 'confirm', 'accept', 'markShot', 'deliver', 'adminCancel', 'adminAssign'] as const;
export type ServiceOrderAction = (typeof SERVICE_ORDER_ACTIONS)[number];

/** `POST /api/c/serviceOrder`: JSON. Takes an `Idempotency-Key` header. */
export interface ServiceOrderPlaceRequest {
  requirementType: ServiceRequirementType;
  title: string;
  phone: string;
  provinceCode: string;
  city: string;
  address: string;
  latitude?: number | null;
  longitude?: number | null;
  pricing: ServicePricingMethod;
  siteCount?: number | null;
  areaM2?: number | null;
  couponCode?: string;
  appointmentAt: number;
  remark?: string;
  /** The price the person saw (fen); refused when the server's price differs. */
  estimateFen?: number;
}

/** `POST /api/serviceOrder/estimate` (public; a signed-in caller's coupon is checked against their own uses too). */
export interface ServiceEstimateRequest extends ServiceEstimateInput {
  requirementType: ServiceRequirementType;
  couponCode?: string;
}

export interface ServiceEstimateAnswer extends ServiceEstimate {
  coupon: ServiceCouponCheck | null;
}

/** `GET /api/serviceOrder/options`: what `/addOrder` needs to draw its form and estimate live. */
export interface ServiceOrderOptions {
  rules: ServicePriceRule[];
  providers: PaymentProvider[];
}

/** `POST /api/c/serviceOrder/{id}/pay`. Takes an `Idempotency-Key` header. */
export interface ServicePaymentRequest {
  part: ServicePaymentPart;
  method: ServicePaymentMethod;
}

/**
 * The answer of a payment. From the balance: the order as it is now, `payment` null. By QR code: the
 * payment order to show and poll (`GET /api/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery`) and the
 * order as it was; the payment, once booked, pays the part by itself.
 */
export interface ServicePaymentAnswer {
  order: ServiceOrderDetail;
  payment: FlowRechargeOrder | null;
  balanceFen: number;
}

/** `GET /api/c/serviceOrders?as=`: orders I placed (customer) or provide (provider). */
export const SERVICE_ORDER_SIDES = ['customer', 'provider'] as const;
export type ServiceOrderSide = (typeof SERVICE_ORDER_SIDES)[number];

/** `POST /api/c/serviceOrder/{id}/deliver`. */
export interface ServiceDeliverRequest {
  workUids: string[];
  note?: string;
}

/** A work the provider may deliver: their own, processed, not in another transfer. */
export interface ServiceDeliverableWork {
  uid: string;
  name: string;
  type: string;
  coverUrl: string;
}

/** `POST /api/admin/serviceOrder/{id}/cancel`: refundFen defaults to all that was paid; the rest goes to the provider (or the platform without one). */
export interface ServiceAdminCancelRequest {
  reason: string;
  refundFen?: number;
}

export interface ServiceOrderSettings {
  platformFeeBps: number;
}

export type ServiceOrderPage = Page<ServiceOrderItem>;

// Signing

export const SIGNING_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SigningApplicationStatus = (typeof SIGNING_APPLICATION_STATUSES)[number];
/** A signed provider is active until an admin revokes them. */
export const SIGNED_PROVIDER_STATUSES = ['active', 'revoked'] as const;
export type SignedProviderStatus = (typeof SIGNED_PROVIDER_STATUSES)[number];

export const SIGNING_EQUIPMENT_MAX = 500;
export const SIGNING_INTRO_MAX = 1000;
export const SIGNING_SAMPLE_WORKS_MAX = 6;

/** `POST /api/c/signing/apply`: JSON. */
export interface SigningApplyRequest {
  provinceCodes: string[];
  equipment: string;
  intro: string;
  /** Uids of the applicant's own works (1–6). */
  sampleWorkUids: string[];
}

/** `PUT /api/c/signing/areas`: a signed provider changes the provinces they serve and their equipment. */
export interface SigningAreasRequest {
  provinceCodes: string[];
  equipment: string;
}

export interface SigningSampleWork {
  uid: string;
  name: string;
  coverUrl: string;
}

export interface SigningApplicationItem {
  id: number;
  applicant: ServicePartySummary;
  provinceCodes: ProvinceCode[];
  equipment: string;
  intro: string;
  sampleWorks: SigningSampleWork[];
  status: SigningApplicationStatus;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
}

export interface SignedProviderItem {
  provider: ServicePartySummary;
  provinceCodes: ProvinceCode[];
  equipment: string;
  status: SignedProviderStatus;
  signedAt: number;
  revokedAt: number | null;
  revokeReason: string;
  /** Orders accepted or assigned and not yet completed or cancelled. */
  activeOrders: number;
  completedOrders: number;
}

/** `GET /api/c/signing`: my latest application and whether I am signed now. */
export interface MySigning {
  application: SigningApplicationItem | null;
  provider: SignedProviderItem | null;
}

/** Service orders, coupons, price rules and signing (the service-orders and signing modules): 2451–2499. */
export const ServiceOrderErrors = defineErrors(serviceOrderErrors);
