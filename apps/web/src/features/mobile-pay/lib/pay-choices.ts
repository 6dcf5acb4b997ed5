import { MOBILE_PAY_FLOWS_OF, type MobilePayFlow, type PaymentProvider } from '@spatia/contract';

/** One way to pay on this phone: a provider and its flow. */
export interface PayChoice {
  provider: PaymentProvider;
  flow: MobilePayFlow;
}

/** Whether the page runs inside WeChat's own browser (its user agent says MicroMessenger). */
export function insideWechat(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The ways this phone can pay, in the order the site offers its providers (WeChat Pay, Alipay, the sandbox):
 * inside WeChat, WeChat Pay by JSAPI (WeChat refuses its H5 cashier and Alipay's pages in its own browser) when
 * `jsapiReady` (the official account is configured and WeChat told the server the payer's openid); elsewhere
 * WeChat's H5 cashier and Alipay's wap cashier. The sandbox's test checkout works everywhere.
 */
export function payChoices(providers: readonly PaymentProvider[], inWechat: boolean, jsapiReady = true): PayChoice[] {
  const choices: PayChoice[] = [];
  for (const provider of providers) {
    const flows = MOBILE_PAY_FLOWS_OF[provider];
    if (provider === 'sandbox') choices.push({ provider, flow: flows[0]! });
    else if (inWechat && jsapiReady && flows.includes('jsapi')) choices.push({ provider, flow: 'jsapi' });
    else if (!inWechat) {
      const flow = flows.find((candidate) => candidate !== 'jsapi');
      if (flow) choices.push({ provider, flow });
    }
  }
  return choices;
}

/** The choice's name for keys and test ids: `wechat-jsapi`, `alipay-wap`, `sandbox-h5`. */
export const choiceId = (choice: PayChoice) => `${choice.provider}-${choice.flow}`;
