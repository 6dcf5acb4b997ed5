import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAlipayStandIn, type AlipayStandIn } from '../../test/alipay-stand-in.js';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { startWechatPayStandIn, testWechatMerchant, type WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { AlipayPayoutDriver } from './alipay-payout.js';
import { PayoutProviderError, type PayoutRequest } from './payout-driver.js';
import { WechatTransferDriver } from './wechat-transfer.js';

/**
 * The production payout drivers against local stand-ins that sign and check as Alipay's gateway and
 * WeChat Pay API v3 do (keys generated here): the transfer, its idempotent repeat under our number,
 * refusals, a lost answer, and the query by our number.
 */

let count = 0;
const payoutNo = () => `W${Date.now()}${String((count += 1)).padStart(4, '0')}`;
const request = (changes: Partial<PayoutRequest> = {}): PayoutRequest => ({
  payoutNo: payoutNo(),
  amountFen: 12_345,
  account: '13912345678',
  realName: '王小明',
  remark: 'Spatia 收益提现',
  ...changes,
});

describe('Alipay fund transfer (alipay.fund.trans.uni.transfer)', () => {
  const appId = '2021000000000001';
  const merchantKeys = rsaKeyPems();
  let alipay: AlipayStandIn;
  let driver: AlipayPayoutDriver;

  beforeAll(async () => {
    alipay = await startAlipayStandIn({ appId, merchantPublicKeyPem: merchantKeys.publicKeyPem });
    alipay.payees.set('13912345678', '王小明');
    alipay.payees.set('mei@example.com', 'Mei Li');
    driver = new AlipayPayoutDriver({
      appId,
      privateKeyPem: merchantKeys.privateKeyPem,
      alipayPublicKeyPem: alipay.alipayPublicKeyPem,
      gateway: alipay.gateway,
    });
  });
  afterAll(() => alipay.close());

  it('pays the payee by login id and name, in yuan, under our number; a repeat answers the same transfer', async () => {
    const payout = request();
    const paid = await driver.transfer(payout);
    expect(paid).toMatchObject({ state: 'paid', reference: alipay.transfers.get(payout.payoutNo)!.orderId });
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.fund.trans.uni.transfer',
      parameters: { app_id: appId, sign_type: 'RSA2' },
      bizContent: {
        out_biz_no: payout.payoutNo,
        trans_amount: '123.45',
        product_code: 'TRANS_ACCOUNT_NO_PWD',
        biz_scene: 'DIRECT_TRANSFER',
        payee_info: { identity: '13912345678', identity_type: 'ALIPAY_LOGON_ID', name: '王小明' },
      },
    });
    expect(await driver.transfer(payout)).toEqual(paid);
    expect(alipay.transfers.size).toBe(1);
    expect(await driver.query(payout.payoutNo)).toEqual(paid);
  });

  it('reads a refusal (unknown payee, wrong name) as failed once the query finds no transfer, with the reason in both languages', async () => {
    const unknownPayee = request({ account: 'nobody@example.com' });
    expect(await driver.transfer(unknownPayee)).toEqual({
      state: 'failed',
      reference: '',
      reason: expect.stringMatching(/^支付宝收款账户不存在.* \/ The Alipay account does not exist.*\(PAYEE_NOT_EXIST: 收款账号不存在\)$/),
    });
    // Confirmed by a query under our number before it counts as failed.
    expect(alipay.calls.at(-1)).toMatchObject({
      method: 'alipay.fund.trans.common.query',
      bizContent: { out_biz_no: unknownPayee.payoutNo },
    });
    const wrongName = await driver.transfer(request({ account: 'mei@example.com', realName: 'Someone Else' }));
    expect(wrongName).toMatchObject({ state: 'failed', reason: expect.stringContaining('PAYEE_USER_INFO_ERROR') });
  });

  it.each([
    [
      'a missing permission (40006)',
      { code: '40006', msg: 'Insufficient Permissions', subCode: 'isv.insufficient-isv-permissions', subMsg: 'ISV权限不足' },
    ],
    [
      'a limited permit (40004 PERMIT_CHECK_PERM_LIMITED)',
      {
        code: '40004',
        msg: 'Business Failed',
        subCode: 'PERMIT_CHECK_PERM_LIMITED',
        subMsg: '根据监管部门的要求，当前商户账户的收付款功能被限制',
      },
    ],
    ['an invalid parameter (40002)', { code: '40002', msg: 'Invalid Arguments', subCode: 'isv.invalid-parameter', subMsg: '参数无效' }],
  ])('ends %s as failed after the query finds nothing, the site’s setup named as the cause', async (_, refusal) => {
    alipay.refuseTransfers = refusal;
    try {
      const payout = request({ account: 'mei@example.com', realName: 'Mei Li' });
      const refused = await driver.transfer(payout);
      expect(refused).toEqual({
        state: 'failed',
        reference: '',
        reason: expect.stringContaining(
          `Alipay refused the site’s payout setup; the administrators will look into it (${refusal.subCode}: ${refusal.subMsg})`,
        ),
      });
      expect(alipay.calls.at(-1)).toMatchObject({ method: 'alipay.fund.trans.common.query', bizContent: { out_biz_no: payout.payoutNo } });
    } finally {
      alipay.refuseTransfers = undefined;
    }
  });

  it('never reads a refusal as failed when the query finds the transfer made under our number', async () => {
    const payout = request({ account: 'mei@example.com', realName: 'Mei Li', amountFen: 3_000 });
    const paid = await driver.transfer(payout);
    // The same number again with another amount: Alipay refuses the repeat, but the first one was paid.
    expect(await driver.transfer({ ...payout, amountFen: 3_100 })).toEqual(paid);
  });

  it('throws on a system error, whose outcome is open, and the query then finds the transfer made', async () => {
    const payout = request({ account: 'mei@example.com', realName: 'Mei Li', amountFen: 1_000 });
    alipay.failNextTransferAnswer = true;
    await expect(driver.transfer(payout)).rejects.toBeInstanceOf(PayoutProviderError);
    expect(await driver.query(payout.payoutNo)).toMatchObject({ state: 'paid', reference: alipay.transfers.get(payout.payoutNo)!.orderId });
  });

  it('answers notFound for a number Alipay never received', async () => {
    expect(await driver.query(payoutNo())).toEqual({ state: 'notFound' });
  });

  it('throws when the answer is not signed by Alipay', async () => {
    const stranger = rsaKeyPems();
    const forged = new AlipayPayoutDriver({
      appId,
      privateKeyPem: merchantKeys.privateKeyPem,
      alipayPublicKeyPem: stranger.publicKeyPem,
      gateway: alipay.gateway,
    });
    await expect(forged.query(payoutNo())).rejects.toBeInstanceOf(PayoutProviderError);
  });
});

describe('WeChat Pay transfer to a balance (transfer-bills)', () => {
  const merchantKeys = rsaKeyPems();
  const merchant = testWechatMerchant();
  const openid = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
  let wechat: WechatPayStandIn;
  let driver: WechatTransferDriver;

  beforeAll(async () => {
    wechat = await startWechatPayStandIn({ ...merchant, merchantPublicKeyPem: merchantKeys.publicKeyPem });
    wechat.payees.set(openid, '王小明');
    driver = new WechatTransferDriver({
      ...merchant,
      merchantPrivateKeyPem: merchantKeys.privateKeyPem,
      platformPublicKeys: wechat.platformPublicKeys,
      endpoint: wechat.endpoint,
      transferSceneId: '1000',
    });
  });
  afterAll(() => wechat.close());
  afterEach(() => {
    wechat.answerSigning = 'publicKeyId';
  });

  it('asks for the transfer with the name encrypted for WeChat; it waits for the payee, then reads paid', async () => {
    const payout = request({ account: openid });
    const waiting = await driver.transfer(payout);
    const bill = wechat.bills.get(payout.payoutNo)!;
    expect(waiting).toEqual({ state: 'processing', reference: bill.transferBillNo, payeeConfirmation: bill.packageInfo });
    expect(bill.userName).toBe('王小明');
    expect(bill.request).toMatchObject({ appid: merchant.appId, openid, transfer_amount: 12_345, transfer_scene_id: '1000' });
    expect(bill.request.user_name).not.toContain('王');

    // Sent again under the same number: the same bill, no second one.
    expect(await driver.transfer(payout)).toEqual(waiting);
    expect(wechat.bills.size).toBe(1);

    wechat.confirm(payout.payoutNo);
    expect(await driver.query(payout.payoutNo)).toMatchObject({ state: 'paid', reference: bill.transferBillNo });
  });

  it('reads a bill nobody confirmed as failed, with WeChat’s reason', async () => {
    const payout = request({ account: openid, amountFen: 1_000 });
    await driver.transfer(payout);
    wechat.cancel(payout.payoutNo);
    expect(await driver.query(payout.payoutNo)).toMatchObject({ state: 'failed', reason: '用户超时未确认收款，已撤销' });
  });

  it('reads a refusal of a payout that made no bill as failed, and a number never received as notFound', async () => {
    const refused = await driver.transfer(request({ account: openid, realName: '李四' }));
    expect(refused).toMatchObject({ state: 'failed', reason: expect.stringContaining('PARAM_ERROR') });
    expect(await driver.transfer(request({ account: 'oUnknownOpenid000000000000000' }))).toMatchObject({ state: 'failed' });
    expect(await driver.query(payoutNo())).toEqual({ state: 'notFound' });
  });

  it('throws when an answer’s signature does not check out', async () => {
    const payout = request({ account: openid, amountFen: 2_000 });
    await driver.transfer(payout);
    wechat.answerSigning = 'foreignKey';
    await expect(driver.query(payout.payoutNo)).rejects.toBeInstanceOf(PayoutProviderError);
  });
});

describe('WeChat Pay platform certificates (GET /v3/certificates)', () => {
  const merchantKeys = rsaKeyPems();
  const merchant = testWechatMerchant();
  const openid = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
  const HOUR = 3600_000;
  let wechat: WechatPayStandIn;

  beforeAll(async () => {
    wechat = await startWechatPayStandIn({ ...merchant, merchantPublicKeyPem: merchantKeys.publicKeyPem });
    wechat.payees.set(openid, '王小明');
  });
  afterAll(() => wechat.close());
  afterEach(() => {
    wechat.answerSigning = 'publicKeyId';
    vi.useRealTimers();
  });

  const driverWith = (platformPublicKeys: Record<string, string>) =>
    new WechatTransferDriver({
      ...merchant,
      merchantPrivateKeyPem: merchantKeys.privateKeyPem,
      platformPublicKeys,
      endpoint: wechat.endpoint,
      transferSceneId: '1000',
      apiV3Key: merchant.apiV3Key,
    });
  /** A transfer: its answer (2xx) must carry a signature the driver can check. */
  const transfer = (driver: WechatTransferDriver) => driver.transfer(request({ account: openid, amountFen: 1_000 }));
  /** Time moves for the driver and the stand-in alike (both read Date). */
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('downloads and decrypts the certificates, every 12 hours and hourly once one expires within 3 days, and trusts a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    wechat.answerSigning = 'certificate';
    const driver = driverWith({ [wechat.certificateSerial]: wechat.platformPublicKeys[wechat.certificateSerial]! });
    const start = wechat.certificateDownloads;
    const downloads = () => wechat.certificateDownloads - start;

    await transfer(driver);
    expect(downloads()).toBe(1);
    later(HOUR);
    await transfer(driver);
    expect(downloads()).toBe(1);

    // WeChat Pay issues a successor and, later, signs with it: the download 12 hours on brings it in time.
    const successor = wechat.issueCertificate(365);
    later(11 * HOUR);
    await transfer(driver);
    expect(downloads()).toBe(2);
    wechat.signWithCertificate(successor);
    expect(await transfer(driver)).toMatchObject({ state: 'processing' });

    // One that expires within 3 days is looked after hourly.
    wechat.issueCertificate(2);
    later(12 * HOUR);
    await transfer(driver);
    expect(downloads()).toBe(3);
    later(HOUR / 2);
    await transfer(driver);
    expect(downloads()).toBe(3);
    later(HOUR / 2);
    await transfer(driver);
    expect(downloads()).toBe(4);
  });

  it('refuses an answer signed by a certificate it never downloaded, and never downloads in public-key mode', async () => {
    const before = wechat.certificateDownloads;
    const publicKeyMode = driverWith({ [wechat.publicKeyId]: wechat.platformPublicKeys[wechat.publicKeyId]! });
    expect(await transfer(publicKeyMode)).toMatchObject({ state: 'processing' });
    expect(wechat.certificateDownloads).toBe(before);

    wechat.answerSigning = 'certificate';
    wechat.signWithCertificate(wechat.issueCertificate(365));
    await expect(transfer(publicKeyMode)).rejects.toBeInstanceOf(PayoutProviderError);
  });
});
