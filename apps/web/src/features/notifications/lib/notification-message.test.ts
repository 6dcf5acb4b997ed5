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
      'Your recharge of ¥85.00 (1 month of traffic) was paid and added to your traffic balance',
    );
    expect(notificationMessage(paid(3), 'en', en)).toBe(
      'Your recharge of ¥85.00 (3 months of traffic) was paid and added to your traffic balance',
    );
    expect(notificationMessage(paid(1), 'zh', zh)).toBe('您的 1 个月流量充值 ¥85.00 已到账');
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
      identityApproved: { identityId: 2, nameZh: '摄影师', nameEn: 'Photographer', reason: '' },
      identityRejected: { identityId: 2, nameZh: '摄影师', nameEn: 'Photographer', reason: 'x' },
      workAuditPassed: { workName: 'W', workUid: 'u', reason: '' },
      workAuditRejected: { workName: 'W', workUid: 'u', reason: 'x' },
      transferReceived: { workName: 'W', sender: 'S', transferKind: 'sale', price: 100 },
      transferConfirmed: { workName: 'W', receiver: 'R', transferKind: 'sale', price: 100 },
      transferRejected: { workName: 'W', receiver: 'R', transferKind: 'distribute', price: 0 },
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
    };
    for (const language of ['zh', 'en'] as const) {
      for (const kind of NOTIFICATION_KINDS) {
        const text = notificationMessage({ kind, params: samples[kind] }, language, i18n.getFixedT(language));
        expect(text, `${language} ${kind}`).not.toMatch(/\{\{|undefined/);
      }
    }
    expect(notificationMessage({ kind: 'withdrawalPaid', params: samples.withdrawalPaid }, 'zh', i18n.getFixedT('zh'))).toBe(
      '您的提现 ¥50.00 已打款到您的微信账户',
    );
    expect(notificationMessage({ kind: 'membershipApproved', params: samples.membershipApproved }, 'en', i18n.getFixedT('en'))).toBe(
      'Your membership application was approved: Pro, valid until 2030-01-02',
    );
  });
});
