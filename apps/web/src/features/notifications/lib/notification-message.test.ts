import { NOTIFICATION_KINDS } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { catalogues } from '../../../i18n/locales';
import { notificationMessage } from './notification-message';

describe('notification messages', () => {
  it('has a zh and an en message for every kind the server may send', () => {
    for (const language of ['zh', 'en'] as const) {
      const kinds = (catalogues[language].notifications as { kinds: Record<string, unknown> }).kinds;
      // A message that counts something exists in plural forms (`kind_one`, `kind_other`); zh has only `_other`.
      const messageOf = (kind: string) => kinds[kind] ?? kinds[`${kind}_other`];
      const missing = NOTIFICATION_KINDS.filter((kind) => typeof messageOf(kind) !== 'string' || !String(messageOf(kind)).trim());
      expect(missing, language).toEqual([]);
    }
  });

  it('names every param each message uses, in the reader’s language', () => {
    const zh = i18n.getFixedT('zh');
    const en = i18n.getFixedT('en');
    const rejected = { kind: 'workAuditRejected' as const, params: { workName: '雨后竹林', reason: '封面模糊' } };
    expect(notificationMessage(rejected, 'zh', zh)).toBe('作品《雨后竹林》未通过审核，原因：封面模糊');
    expect(notificationMessage(rejected, 'en', en)).toBe('Your work "雨后竹林" did not pass review. Reason: 封面模糊');
    expect(notificationMessage({ kind: 'workAuditRejected', params: { workName: 'A', reason: ' ' } }, 'en', en)).toContain(
      'Reason: no reason given',
    );

    const identity = { kind: 'identityApproved' as const, params: { identityId: 2, nameZh: '摄影师', nameEn: 'Photographer' } };
    expect(notificationMessage(identity, 'zh', zh)).toBe('您的身份认证“摄影师”已通过');
    expect(notificationMessage(identity, 'en', en)).toBe('Your identity "Photographer" was approved');

    const sale = { kind: 'transferReceived' as const, params: { workName: 'W', sender: 'Li', transferKind: 'sale', price: 123456 } };
    expect(notificationMessage(sale, 'en', en)).toBe('Li is selling you the work "W" for ¥1,234.56. Please confirm receipt');
    const gift = { kind: 'transferReceived' as const, params: { workName: 'W', sender: 'Li', transferKind: 'distribute', price: 0 } };
    expect(notificationMessage(gift, 'zh', zh)).toBe('Li 向您分发了作品《W》，请确认收货');
  });

  it('names a person who never chose a name in the reader language', () => {
    const confirmed = { kind: 'transferConfirmed' as const, params: { workName: 'W', receiver: 'PC用户', transferKind: 'distribute' } };
    expect(notificationMessage(confirmed, 'en', i18n.getFixedT('en'))).toBe('PC user confirmed receipt of the work "W"');
    expect(notificationMessage(confirmed, 'zh', i18n.getFixedT('zh'))).toContain('PC用户');
  });

  it('counts the months of a recharge in the reader’s plural form', () => {
    const en = i18n.getFixedT('en');
    const zh = i18n.getFixedT('zh');
    const paid = (months: number) => ({ kind: 'rechargePaid' as const, params: { price: 8500, months } });
    expect(notificationMessage(paid(1), 'en', en)).toBe(
      'Your recharge of ¥85.00 (1-month plan) was paid and is on your traffic balance. It buys 1 month of lease time at that price',
    );
    expect(notificationMessage(paid(3), 'en', en)).toBe(
      'Your recharge of ¥85.00 (3-month plan) was paid and is on your traffic balance. It buys 3 months of lease time at that price',
    );
    expect(notificationMessage(paid(1), 'zh', zh)).toBe('您的流量充值 ¥85.00（1 个月套餐）已到账流量余额，可按此价格购买 1 个月租赁时长');
  });

  it('says which membership notice it is: a trial or a paid period ending, a renewal by hand or automatic, a short balance or a debt', () => {
    const en = i18n.getFixedT('en');
    const zh = i18n.getFixedT('zh');
    const version = { versionZh: '专业版', versionEn: 'Professional' };
    const ending = (kind: string, days: number) =>
      notificationMessage({ kind: 'membershipEndingSoon', params: { ...version, endsAt: Date.UTC(2030, 0, 2), days, kind } }, 'en', en);
    expect(ending('trial', 1)).toBe(
      'The free trial of "Professional" ends in 1 day, on 2030-01-02. Renew from your balance or by QR code to keep its features',
    );
    expect(ending('paid', 7)).toBe(
      'Your membership "Professional" ends in 7 days, on 2030-01-02. Renew it from your balance or by QR code to keep its features',
    );
    const grace = { ...version, endsAt: Date.UTC(2030, 0, 2), graceEndsAt: Date.UTC(2030, 0, 9) };
    expect(notificationMessage({ kind: 'membershipInGrace', params: grace }, 'zh', zh)).toBe(
      '您的会员版本“专业版”已于 2030-01-02 到期，功能保留至 2030-01-09，请及时续费',
    );
    const renewed = (automatic: number, months: number) =>
      notificationMessage(
        { kind: 'membershipRenewed', params: { ...version, months, price: 9900 * months, endsAt: Date.UTC(2030, 3, 2), automatic } },
        'en',
        en,
      );
    expect(renewed(0, 3)).toBe('Your membership "Professional" was renewed for 3 months (¥297.00); it now runs until 2030-04-02');
    expect(renewed(1, 1)).toBe(
      'Your membership "Professional" was renewed automatically for 1 month (¥99.00 from your balance); it now runs until 2030-04-02',
    );
    const failed = (reason: string) =>
      notificationMessage(
        { kind: 'membershipRenewalFailed', params: { ...version, price: 9900, balance: 1200, reason, automatic: 1 } },
        'zh',
        zh,
      );
    expect(failed('balance')).toBe('您的会员版本“专业版”续费失败：需 ¥99.00，流量余额仅 ¥12.00。请充值或扫码续费');
    expect(failed('debt')).toContain('欠款');
  });

  it('says when a refund left a debt, and not when it did not', () => {
    const t = i18n.getFixedT('en');
    const refunded = (debt: number) =>
      notificationMessage({ kind: 'rechargeRefunded', params: { price: 3000, orderNo: 'R1', debt } }, 'en', t);
    expect(refunded(0)).not.toContain('debt');
    expect(refunded(1200)).toContain('¥12.00');
  });

  it('leaves no placeholder unfilled for the params each sender writes', () => {
    const samples: Record<(typeof NOTIFICATION_KINDS)[number], Record<string, string | number>> = {
      membershipApproved: { versionId: 1, versionZh: '专业版', versionEn: 'Pro', days: 7, endsAt: Date.UTC(2030, 0, 2) },
      membershipRejected: { versionId: 1, versionZh: '专业版', versionEn: 'Pro', reason: 'x' },
      membershipExpired: { versionId: 1, versionZh: '专业版', versionEn: 'Pro', endsAt: Date.UTC(2030, 0, 2) },
      membershipRevoked: { versionId: 1, versionZh: '专业版', versionEn: 'Pro', reason: 'x' },
      membershipEndingSoon: { versionZh: '专业版', versionEn: 'Pro', endsAt: Date.UTC(2030, 0, 2), days: 7, kind: 'trial' },
      membershipInGrace: { versionZh: '专业版', versionEn: 'Pro', endsAt: Date.UTC(2030, 0, 2), graceEndsAt: Date.UTC(2030, 0, 9) },
      membershipRenewed: { versionZh: '专业版', versionEn: 'Pro', months: 3, price: 29700, endsAt: Date.UTC(2030, 3, 2), automatic: 0 },
      membershipRenewalFailed: { versionZh: '专业版', versionEn: 'Pro', price: 9900, balance: 1200, reason: 'balance', automatic: 1 },
      identityApproved: { identityId: 2, nameZh: '摄影师', nameEn: 'Photographer', reason: '' },
      identityRejected: { identityId: 2, nameZh: '摄影师', nameEn: 'Photographer', reason: 'x' },
      workAuditPassed: { workName: 'W', workUid: 'u', reason: '' },
      workAuditRejected: { workName: 'W', workUid: 'u', reason: 'x' },
      transferReceived: { workName: 'W', sender: 'S', transferKind: 'sale', price: 100 },
      transferConfirmed: { workName: 'W', receiver: 'R', transferKind: 'sale', price: 100 },
      transferRejected: { workName: 'W', receiver: 'R', transferKind: 'distribute', price: 0 },
      transferPaymentKept: { workName: 'W', price: 3000, balance: 4000, reason: 'debt' },
      rechargePaid: { price: 8500, months: 3 },
      rechargeRefunded: { price: 3000, orderNo: 'R1', debt: 1200 },
      refundFoundAtProvider: { price: 3000, orderNo: 'R1' },
      duplicatePaymentRefunded: { price: 3000, orderNo: 'R1' },
      balanceLow: { balance: 512 },
      servingPaused: {},
      servingResumed: {},
      budgetReached: { workName: 'W', budget: 200 },
      withdrawalApproved: { price: 5000, channelZh: '支付宝', channelEn: 'Alipay' },
      withdrawalRejected: { price: 5000, channelZh: '支付宝', channelEn: 'Alipay', reason: 'x' },
      withdrawalPaid: { price: 5000, channelZh: '微信', channelEn: 'WeChat' },
      withdrawalFailed: { price: 5000, channelZh: '微信', channelEn: 'WeChat', reason: 'x' },
      payoutAccountBound: {
        channelZh: '支付宝',
        channelEn: 'Alipay',
        account: '139****5678',
        name: '*小明',
        usableAt: Date.UTC(2030, 0, 2),
      },
      withdrawalConfirmInWechat: { price: 5000, channelZh: '微信', channelEn: 'WeChat' },
      withdrawalPayoutStuck: { price: 5000, withdrawalNo: 'W1', attempts: 8, error: 'x' },
      marketListingApproved: { workName: 'W', price: 1000 },
      marketListingRejected: { workName: 'W', reason: 'x' },
      marketListingTakenOff: { workName: 'W', reason: 'x' },
      marketSold: { workName: 'W', price: 1000, income: 900, orderNo: 'K1' },
      marketPurchased: { workName: 'W', price: 1000, licence: 'copy', orderNo: 'K1' },
      marketPurchaseFailed: { price: 500, orderNo: 'R1', cause: 'marketListingNotOnMarket' },
      marketPurchaseRefunded: { workName: 'W', price: 1000, toProvider: 500, orderNo: 'K1', reason: 'x' },
      marketSaleRefunded: { workName: 'W', income: 900, debt: 300, orderNo: 'K1', reason: 'x' },
      serviceOrderPaid: { orderNo: 'S1', title: '样板间', price: 5000, part: 'deposit' },
      serviceOrderOpen: { orderNo: 'S1', title: '样板间', provinceZh: '上海市', provinceEn: 'Shanghai' },
      serviceOrderAccepted: { orderNo: 'S1', title: '样板间', provider: '摄影师' },
      serviceOrderAssigned: { orderNo: 'S1', title: '样板间' },
      serviceOrderDelivered: { orderNo: 'S1', title: '样板间', count: 2 },
      serviceOrderCompleted: { orderNo: 'S1', title: '样板间', price: 4500 },
      serviceOrderCancelled: { orderNo: 'S1', title: '样板间', price: 5000, reason: '' },
      serviceOrderExpired: { orderNo: 'S1', title: '样板间', minutes: 30 },
      serviceOrderPaymentKept: { orderNo: 'S1', title: '样板间', price: 5000, balance: 5000, reason: 'cancelled' },
      signingApproved: { areasZh: '上海市', areasEn: 'Shanghai' },
      signingRejected: { reason: '样片不足' },
      signingRevoked: { reason: '' },
      leadReceived: { name: '张三', page: '预约拍摄' },
    };
    for (const language of ['zh', 'en'] as const) {
      for (const kind of NOTIFICATION_KINDS) {
        const text = notificationMessage({ kind, params: samples[kind] }, language, i18n.getFixedT(language));
        expect(text, `${language} ${kind}`).not.toMatch(/\{\{|undefined/);
      }
    }
    expect(notificationMessage({ kind: 'transferPaymentKept', params: samples.transferPaymentKept }, 'en', i18n.getFixedT('en'))).toContain(
      'first settled a debt',
    );
    expect(notificationMessage({ kind: 'withdrawalPaid', params: samples.withdrawalPaid }, 'zh', i18n.getFixedT('zh'))).toBe(
      '您的提现 ¥50.00 已打款到您的微信账户',
    );
    expect(notificationMessage({ kind: 'membershipApproved', params: samples.membershipApproved }, 'en', i18n.getFixedT('en'))).toBe(
      'Your membership application was approved: Pro, valid until 2030-01-02',
    );
  });
});
