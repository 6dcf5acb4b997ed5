import type {
  Language,
  Page,
  ServiceAdminCancelRequest,
  ServiceCoupon,
  ServiceCouponCreate,
  ServiceDeliverableWork,
  ServiceDeliverRequest,
  ServiceEstimateAnswer,
  ServiceEstimateRequest,
  ServiceOrderDetail,
  ServiceOrderItem,
  ServiceOrderOptions,
  ServiceOrderPlaceRequest,
  ServiceOrderSettings,
  ServiceOrderSide,
  ServiceOrderStatus,
  ServicePaymentAnswer,
  ServicePaymentRequest,
  ServicePriceRule,
  ServicePriceRuleUpdate,
  ServiceRequirementType,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Actor } from '../works/index.js';

type PageQuery = { pageNum: number; pageSize: number };

/** Service orders (docs/service-orders.md). */
export class ServiceOrdersService {
  async options(): Promise<ServiceOrderOptions> {
    throw fail('unavailable');
  }
  async estimate(_request: ServiceEstimateRequest, _actor: Actor | null, _language: Language): Promise<ServiceEstimateAnswer> {
    throw fail('unavailable');
  }
  async place(
    _actor: Actor,
    _request: ServiceOrderPlaceRequest,
    _key: string | undefined,
    _language: Language,
  ): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async listMine(
    _actor: Actor,
    _query: PageQuery & { as?: ServiceOrderSide; status?: ServiceOrderStatus },
    _language: Language,
  ): Promise<Page<ServiceOrderItem>> {
    throw fail('unavailable');
  }
  async listOpen(_actor: Actor, _query: PageQuery, _language: Language): Promise<Page<ServiceOrderItem>> {
    throw fail('unavailable');
  }
  async listAll(
    _query: PageQuery & { status?: ServiceOrderStatus; keyword?: string },
    _language: Language,
  ): Promise<Page<ServiceOrderItem>> {
    throw fail('unavailable');
  }
  async detail(_actor: Actor, _id: number, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async pay(
    _actor: Actor,
    _id: number,
    _request: ServicePaymentRequest,
    _key: string | undefined,
    _language: Language,
  ): Promise<ServicePaymentAnswer> {
    throw fail('unavailable');
  }
  async cancel(_actor: Actor, _id: number, _reason: string, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async confirm(_actor: Actor, _id: number, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async accept(_actor: Actor, _id: number, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async markShot(_actor: Actor, _id: number, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async deliverableWorks(_actor: Actor, _id: number): Promise<ServiceDeliverableWork[]> {
    throw fail('unavailable');
  }
  async deliver(_actor: Actor, _id: number, _request: ServiceDeliverRequest, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async assign(_admin: Actor, _id: number, _providerUid: string, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async adminCancel(_admin: Actor, _id: number, _request: ServiceAdminCancelRequest, _language: Language): Promise<ServiceOrderDetail> {
    throw fail('unavailable');
  }
  async priceRules(): Promise<ServicePriceRule[]> {
    throw fail('unavailable');
  }
  async setPriceRule(_admin: Actor, _type: ServiceRequirementType, _rule: ServicePriceRuleUpdate): Promise<ServicePriceRule> {
    throw fail('unavailable');
  }
  async settings(): Promise<ServiceOrderSettings> {
    throw fail('unavailable');
  }
  async setSettings(_admin: Actor, _settings: ServiceOrderSettings): Promise<ServiceOrderSettings> {
    throw fail('unavailable');
  }
  async coupons(_query: PageQuery): Promise<Page<ServiceCoupon>> {
    throw fail('unavailable');
  }
  async createCoupon(_admin: Actor, _request: ServiceCouponCreate): Promise<ServiceCoupon> {
    throw fail('unavailable');
  }
  async setCouponEnabled(_admin: Actor, _id: number, _enabled: boolean): Promise<ServiceCoupon> {
    throw fail('unavailable');
  }
}
