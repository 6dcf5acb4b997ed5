import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { MarketListingDetail, MobilePayOrder, WorkDetail } from '@spatia/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from '../../../api/client';
import { i18n } from '../../../i18n';
import { setUpApiHarness } from '../../../test/api-harness';
import { PaySuccessPanel } from './pay-success-panel';
import { ShopPayPanel } from './shop-pay-panel';

const api = setUpApiHarness();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
});
beforeEach(() => {
  localStorage.clear();
  return act(() => i18n.changeLanguage('en'));
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function show(children: ReactNode, at: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="*" element={children} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listing = (extra: Partial<MarketListingDetail> = {}): MarketListingDetail => ({
  id: 7,
  work: { uid: 'w1', name: 'Riverside loft', type: 'panorama', coverUrl: '', description: '' },
  detail: {} as WorkDetail,
  priceFen: 5000,
  licence: 'view',
  seller: { uid: 'u2', name: 'Seller', avatarUrl: '' },
  sales: 0,
  listedAt: 0,
  status: 'onMarket',
  purchaseId: null,
  mine: false,
  providers: ['wechat', 'alipay'],
  balanceFen: 3000,
  ...extra,
});

/** The shop-pay page's own props around the panel: WeChat's return read from `at`, as the page reads it. */
function shopPay(at: string) {
  const params = new URL(at, 'http://site').searchParams;
  const state = params.get('state');
  const code = params.get('code');
  return show(
    <ShopPayPanel
      listingId={7}
      wechatReturn={state ? { state, ...(code ? { code } : {}) } : undefined}
      returnPath="/space/shop-pay?listingId=7&spaceId=3"
      onWechatReturnHandled={() => undefined}
      onSignInNeeded={() => undefined}
    />,
    at,
  );
}

const IN_WECHAT = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.47';

const order = (extra: Partial<MobilePayOrder> = {}): MobilePayOrder => ({
  orderNo: 'R20261129000000abcdef01',
  state: 'paid',
  amountFen: 2000,
  purchase: { kind: 'market', listingId: 7, workUid: 'w1', workName: 'Riverside loft' },
  bought: true,
  paidAt: 1,
  ...extra,
});

describe('ShopPayPanel', () => {
  it("inside WeChat without the payer's openid goes to WeChat's authorization first, once", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_WECHAT);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const authorizeUrl = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&scope=snsapi_base#wechat_redirect';
    api.replyBy((config) =>
      config.url === '/market/listings/7'
        ? listing()
        : config.url === '/c/mobilePay/wechat/payer'
          ? { jsapi: true, openIdKnown: false }
          : { url: authorizeUrl, expiresAt: 1 },
    );
    shopPay('/space/shop-pay?listingId=7&spaceId=3');

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    expect(screen.getByTestId('shop-pay-wechat-checking').textContent).toContain('Asking WeChat who you are');
    const started = api.seen.filter((config) => config.url === '/c/mobilePay/wechat/authorization');
    expect(started).toHaveLength(1);
    expect(JSON.parse(String(started[0]!.data))).toEqual({ returnPath: '/space/shop-pay?listingId=7&spaceId=3' });
  });

  it('back from WeChat, hands code and state to the server, then pays by JSAPI and goes to paySuccess', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_WECHAT);
    const invoke = vi.fn((_name: string, _params: unknown, callback: (result: { err_msg: string }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    const params = { appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=wx1', signType: 'RSA', paySign: 's' };
    api.replyBy((config) =>
      config.url === '/market/listings/7'
        ? listing()
        : config.url === '/c/mobilePay/wechat/payer'
          ? { jsapi: true, openIdKnown: api.seen.some((seen) => seen.url === '/c/mobilePay/wechat/authorization/complete') }
          : config.url === '/c/mobilePay/wechat/authorization/complete'
            ? { jsapi: true, openIdKnown: true }
            : { orderNo: 'R1', payment: { flow: 'jsapi', params }, paidFromBalance: false },
    );
    shopPay('/space/shop-pay?listingId=7&spaceId=3&code=c0de&state=st4te');

    expect(await screen.findByTestId('pay-choice-wechat-jsapi')).toBeTruthy();
    expect(screen.getByTestId('shop-pay-rest')).toHaveProperty('textContent', '¥20.00');
    expect(screen.queryByTestId('pay-choice-alipay-wap')).toBeNull();
    const completed = api.seen.filter((config) => config.url === '/c/mobilePay/wechat/authorization/complete');
    expect(completed.map((config) => JSON.parse(String(config.data)) as unknown)).toEqual([{ state: 'st4te', code: 'c0de' }]);
    expect(api.seen.some((config) => config.url === '/c/mobilePay/wechat/authorization')).toBe(false);
    fireEvent.click(screen.getByTestId('shop-pay-submit'));

    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/space/paySuccess?orderNo=R1'));
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    const sent = api.seen.find((config) => config.url === '/c/mobilePay/market/7')!;
    expect(JSON.parse(String(sent.data))).toEqual({ provider: 'wechat', flow: 'jsapi' });
    expect(String(sent.headers.get('Idempotency-Key'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says WeChat's refusal in the server's words, offers another way and a retry, and does not go back to WeChat by itself", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_WECHAT);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const msg = 'This WeChat authorization has expired or is not yours: please open the pay page again';
    http.defaults.adapter = async (config) => {
      api.seen.push(config);
      if (config.url === '/c/mobilePay/wechat/authorization/complete') {
        throw new HttpError('Request failed', 'ERR_BAD_RESPONSE', { status: 404, statusText: '', data: { code: 2776, msg }, headers: {} });
      }
      const data =
        config.url === '/market/listings/7'
          ? listing({ providers: ['wechat', 'sandbox'] })
          : config.url === '/c/mobilePay/wechat/payer'
            ? { jsapi: true, openIdKnown: false }
            : { url: 'https://open.weixin.qq.com/again', expiresAt: 1 };
      return { status: 200, statusText: 'OK', data: { code: 0, msg: 'ok', data }, headers: {} };
    };
    shopPay('/space/shop-pay?listingId=7&spaceId=3&code=c0de&state=stale');

    expect((await screen.findByTestId('shop-pay-wechat-failed')).textContent).toContain(msg);
    expect(screen.getByTestId('shop-pay-wechat-failed').textContent).toContain('Open in browser');
    expect(screen.getByTestId('pay-choice-sandbox-h5')).toBeTruthy();
    expect(screen.queryByTestId('pay-choice-wechat-jsapi')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('shop-pay-wechat-retry'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/again'));
  });

  it('inside WeChat offers no JSAPI where the site has no official account configured', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IN_WECHAT);
    api.replyBy((config) => (config.url === '/c/mobilePay/wechat/payer' ? { jsapi: false, openIdKnown: false } : listing()));
    shopPay('/space/shop-pay?listingId=7&spaceId=3');
    expect(await screen.findByTestId('shop-pay-noWay')).toBeTruthy();
    expect(api.seen.some((config) => config.url === '/c/mobilePay/wechat/authorization')).toBe(false);
  });

  it('elsewhere offers H5 and Alipay; a balance that covers the price pays at once', async () => {
    api.replyBy((config) =>
      config.url === '/market/listings/7' ? listing({ balanceFen: 9000 }) : { orderNo: 'K1', payment: null, paidFromBalance: true },
    );
    shopPay('/space/shop-pay?listingId=7');
    expect((await screen.findByTestId('shop-pay-submit')).textContent).toBe('Pay ¥50.00 from my balance');
    fireEvent.click(screen.getByTestId('shop-pay-submit'));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/space/paySuccess?orderNo=K1'));
  });

  it('says an item already bought or one’s own, instead of a Pay button', async () => {
    api.replyWith(listing({ purchaseId: 4 }));
    shopPay('/space/shop-pay?listingId=7');
    expect(await screen.findByTestId('shop-pay-bought')).toBeTruthy();
    expect(screen.queryByTestId('shop-pay-submit')).toBeNull();
  });
});

describe('PaySuccessPanel', () => {
  it('polls a pending order until our server says paid', async () => {
    let asked = 0;
    api.replyBy(() => (++asked < 2 ? order({ state: 'pending', paidAt: null, bought: false }) : order()));
    show(<PaySuccessPanel orderNo="R20261129000000abcdef01" />, '/space/paySuccess');
    expect(await screen.findByTestId('pay-state-pending')).toBeTruthy();
    expect(await screen.findByTestId('pay-state-paid', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('pay-work').textContent).toBe('Riverside loft');
    expect(screen.queryByTestId('pay-not-bought')).toBeNull();
  });

  it('says when the money stayed on the balance, and when the order closed', async () => {
    api.replyWith(order({ bought: false }));
    show(<PaySuccessPanel orderNo="R2" />, '/space/paySuccess');
    expect(await screen.findByTestId('pay-not-bought')).toBeTruthy();
    cleanup();
    api.replyWith(order({ state: 'closed', paidAt: null, bought: false }));
    show(<PaySuccessPanel orderNo="R3" />, '/space/paySuccess');
    expect(await screen.findByTestId('pay-state-closed')).toBeTruthy();
  });
});
