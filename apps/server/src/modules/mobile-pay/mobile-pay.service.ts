import { MOBILE_PAY_FLOWS_OF, type Language, type MobilePayAnswer, type MobilePayOrder, type MobilePayRequest } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { MarketService } from '../market/index.js';
import type { RechargeService } from '../recharge/index.js';
import type { Actor } from '../works/index.js';
import type { WechatPayerService } from './wechat-payer.service.js';

/** The page the payer's browser comes back to; it asks our server, never the redirect, how the order stands. */
export const PAY_SUCCESS_PATH = '/space/paySuccess';

/**
 * Paying on a phone (docs/mobile-pay.md). Nothing of its own is stored: a market purchase on a phone is the
 * market's purchase with a provider (a payment order of kind `market` for what the balance lacks, fulfilled
 * on payment), whose order recharge makes with the phone's flow instead of a QR code.
 */
export class MobilePayService {
  constructor(
    private readonly recharge: RechargeService,
    private readonly market: MarketService,
    private readonly wechatPayer: WechatPayerService,
    /** PUBLIC_URL: the return address is absolute with it (WeChat and Alipay need one), a path without. */
    private readonly publicUrl: string | undefined,
  ) {}

  /** `POST /api/c/mobilePay/market/{listingId}`. */
  async buyListing(
    actor: Actor,
    listingId: number,
    request: MobilePayRequest,
    context: { idempotencyKey: string | undefined; clientIp: string; language: Language },
  ): Promise<MobilePayAnswer> {
    const { provider, flow, openId } = request;
    if (!this.recharge.providers.includes(provider)) throw fail('mobilePayProviderUnavailable');
    const flows = MOBILE_PAY_FLOWS_OF[provider];
    if (!flows.includes(flow)) throw fail('mobilePayFlowUnsupported', { provider, flows: flows.join(', ') });
    const payerOpenId = flow === 'jsapi' ? await this.wechatPayer.jsapiOpenId(actor.id, openId) : undefined;
    if (flow === 'jsapi' && !payerOpenId) throw fail('mobilePayOpenIdRequired');
    const answer = await this.market.purchase(actor, listingId, provider, context.idempotencyKey, context.language, {
      flow,
      clientIp: context.clientIp,
      ...(payerOpenId ? { openId: payerOpenId } : {}),
      returnUrl: (orderNo) => `${this.publicUrl ?? ''}${PAY_SUCCESS_PATH}?orderNo=${orderNo}`,
    });
    if (answer.purchase) return { orderNo: answer.purchase.orderNo, payment: null, paidFromBalance: true };
    const orderNo = answer.order!.orderNo;
    return { orderNo, payment: await this.recharge.mobileCheckoutOf(actor.id, orderNo), paidFromBalance: false };
  }

  /**
   * `GET /api/c/mobilePay/orders/{orderNo}`: the payer's market order as our books hold it, after asking the
   * provider about a pending one; a purchase the balance paid at once (`K…`) reads paid. Anyone else's: 404.
   */
  async order(actor: Actor, orderNo: string): Promise<MobilePayOrder> {
    const order = await this.recharge.payerOrderByNo(actor.id, orderNo);
    if (order) {
      if (order.kind !== 'market' || order.subjectId === null) throw fail('mobilePayOrderNotFound');
      const [listing, purchase] = await Promise.all([this.market.listing(order.subjectId), this.market.purchaseOfBuyer(actor.id, orderNo)]);
      return {
        orderNo,
        state: order.status,
        amountFen: order.amountFen,
        purchase: { kind: 'market', listingId: order.subjectId, workUid: listing?.workUid ?? '', workName: listing?.workName ?? '' },
        bought: purchase !== undefined,
        paidAt: order.paidAt?.getTime() ?? null,
      };
    }
    const purchase = await this.market.purchaseOfBuyer(actor.id, orderNo);
    if (!purchase) throw fail('mobilePayOrderNotFound');
    const listing = await this.market.listing(purchase.listingId);
    return {
      orderNo,
      state: 'paid',
      amountFen: purchase.priceFen,
      purchase: { kind: 'market', listingId: purchase.listingId, workUid: listing?.workUid ?? '', workName: listing?.workName ?? '' },
      bought: true,
      paidAt: purchase.createdAt.getTime(),
    };
  }
}
