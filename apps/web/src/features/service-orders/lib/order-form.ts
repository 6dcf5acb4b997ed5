import {
  estimateServiceOrder,
  SERVICE_APPOINTMENT_DAYS_MAX,
  type ServiceCouponTerms,
  type ServiceEstimate,
  type ServiceOrderPlaceRequest,
  type ServicePriceRule,
  type ServicePricingMethod,
  type ServiceRequirementType,
} from '@spatia/contract';

/** The booking form's fields as the form holds them (antd's values; the appointment as epoch ms). */
export interface OrderFormValues {
  requirementType?: ServiceRequirementType;
  title?: string;
  phone?: string;
  provinceCode?: string;
  city?: string;
  address?: string;
  point?: { lat: number; lng: number } | null;
  pricing?: ServicePricingMethod;
  siteCount?: number | null;
  areaM2?: number | null;
  couponCode?: string;
  appointmentAt?: number | null;
  remark?: string;
}

/** The province of the map's data (GB/T 2260, six digits: '110000') as the contract codes it ('11'). */
export function provinceOfMapCode(code: string | null): string | null {
  return code && /^\d{6}$/.test(code) ? code.slice(0, 2) : null;
}

/** The map's code of a contract province ('11' → '110000'). */
export function mapCodeOfProvince(code: string | null | undefined): string | null {
  return code && /^\d{2}$/.test(code) ? `${code}0000` : null;
}

/** Typed coupon codes are upper-cased and trimmed, as the server reads them. */
export function normalizeCouponCode(code: string | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/**
 * The live estimate (spec 3 "estimated price"), with the contract's function the server uses too, from the
 * type's rule and the coupon's terms once the server said it applies. Null without a rule or a valid quantity.
 */
export function liveEstimate(
  rules: readonly ServicePriceRule[],
  values: Pick<OrderFormValues, 'requirementType' | 'pricing' | 'siteCount' | 'areaM2'>,
  coupon: ServiceCouponTerms | null,
): ServiceEstimate | null {
  const rule = rules.find((candidate) => candidate.requirementType === values.requirementType && candidate.enabled);
  if (!rule || !values.pricing) return null;
  return estimateServiceOrder(rule, { pricing: values.pricing, siteCount: values.siteCount, areaM2: values.areaM2 }, coupon);
}

/** Whether an appointment time may be chosen: in the future, at most SERVICE_APPOINTMENT_DAYS_MAX days ahead. */
export function appointmentProblem(at: number | null | undefined, now = Date.now()): 'required' | 'past' | 'tooFar' | null {
  if (at === null || at === undefined) return 'required';
  if (at <= now) return 'past';
  if (at > now + SERVICE_APPOINTMENT_DAYS_MAX * 86_400_000) return 'tooFar';
  return null;
}

/** The request of a complete form: the quantity of the chosen method only, the coupon only when typed. */
export function placeRequestOf(
  values: Required<Pick<OrderFormValues, 'requirementType' | 'pricing'>> & OrderFormValues,
  estimateFen: number | undefined,
): ServiceOrderPlaceRequest {
  const couponCode = normalizeCouponCode(values.couponCode);
  return {
    requirementType: values.requirementType,
    title: (values.title ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    provinceCode: values.provinceCode ?? '',
    city: (values.city ?? '').trim(),
    address: (values.address ?? '').trim(),
    latitude: values.point?.lat ?? null,
    longitude: values.point?.lng ?? null,
    pricing: values.pricing,
    siteCount: values.pricing === 'sites' ? (values.siteCount ?? null) : null,
    areaM2: values.pricing === 'area' ? (values.areaM2 ?? null) : null,
    ...(couponCode ? { couponCode } : {}),
    appointmentAt: values.appointmentAt ?? 0,
    remark: (values.remark ?? '').trim(),
    ...(estimateFen !== undefined ? { estimateFen } : {}),
  };
}

const DRAFT_KEY = 'spatia_service_order_draft';

/** Keeps the form while a visitor signs in (spec 2.6's prompt), for this tab only. */
export function saveDraft(values: OrderFormValues): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // No storage: the visitor types again.
  }
}

/** The kept form, once; it is forgotten as it is read. */
export function takeDraft(): OrderFormValues | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
