export const STAND_IN_APP_ID: string;
export const STAND_IN_APP_SECRET: string;
export function startWechatStandIn(port?: number): Promise<{
  baseUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}>;
