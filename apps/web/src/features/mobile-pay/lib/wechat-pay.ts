import type { WechatJsapiParams } from '@spatia/contract';

/** WeChat's in-app browser bridge, as the JSAPI payment uses it; only present on pages opened inside WeChat. */
interface PayBridge {
  invoke(name: 'getBrandWCPayRequest', parameters: WechatJsapiParams, callback: (result: { err_msg?: string }) => void): void;
}

const bridgeOf = () => (window as unknown as { WeixinJSBridge?: PayBridge }).WeixinJSBridge;

/** WeChat's bridge once it is ready: at once, or when WeChat fires `WeixinJSBridgeReady` (up to 5 s). */
function readyBridge(): Promise<PayBridge | undefined> {
  const bridge = bridgeOf();
  if (bridge) return Promise.resolve(bridge);
  return new Promise((resolve) => {
    const ready = () => {
      window.clearTimeout(timer);
      resolve(bridgeOf());
    };
    const timer = window.setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve(undefined);
    }, 5_000);
    document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  });
}

/**
 * Hands the signed parameters to WeChat's own payment sheet and answers what WeChat said (`get_brand_wcpay_request:ok`,
 * `…:cancel`, `…:fail`), or undefined without a bridge. What it says is not trusted: paySuccess asks our server.
 */
export async function payInWechat(params: WechatJsapiParams): Promise<string | undefined> {
  const bridge = await readyBridge();
  if (!bridge) return undefined;
  return new Promise((resolve) => bridge.invoke('getBrandWCPayRequest', params, (result) => resolve(result.err_msg ?? '')));
}
