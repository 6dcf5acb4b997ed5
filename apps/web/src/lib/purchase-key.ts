import { PAYMENT_ORDER_TTL_MINUTES, type FlowRechargeOrder, type PaymentProvider } from '@spatia/contract';

/**
 * What one press of "pay" buys: the same thing (`what`: a traffic plan, a membership version), months,
 * amount and method is the same purchase. The method is a provider, or `balance` for a payment from the
 * flow balance.
 */
export interface Purchase<Method extends string = PaymentProvider> {
  what: string;
  months: number;
  fee: number;
  provider: Method;
}

const STORAGE_PREFIX = 'spatia_purchase_key:';
/** As long as the order a key made can be paid; after that the same purchase is a new one. */
const KEY_LIFETIME_MS = PAYMENT_ORDER_TTL_MINUTES * 60_000;

/** Keys of this page's life, for a browser without storage (private mode). */
const inMemory = new Map<string, { key: string; at: number }>();

/**
 * The `Idempotency-Key` of a purchase: the same one for a second press or a second tab while the order it
 * made can be paid, so that both show the same QR code, which pays one order once (and a balance payment
 * retried after a lost answer is made once). Kept in local storage
 * (shared by the tabs), by purchase.
 */
export function purchaseKey(purchase: Purchase<string>, now = Date.now()): string {
  const name = storageNameOf(purchase);
  const stored = readStored(name);
  if (stored && now - stored.at >= 0 && now - stored.at < KEY_LIFETIME_MS) return stored.key;
  const fresh = { key: crypto.randomUUID(), at: now };
  inMemory.set(name, fresh);
  try {
    localStorage.setItem(name, JSON.stringify(fresh));
  } catch {
    // No storage: the page keeps the key for its own life.
  }
  return fresh.key;
}

/**
 * Whether the order a key answered can no longer be paid (paid, closed, expired): the key is spent, and the
 * purchase starts afresh, once, with a new one.
 */
export function isSpentOrder(order: Pick<FlowRechargeOrder, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  return order.status !== 'pending' || order.expiresAt <= now;
}

/** The purchase's order is paid, closed or given up: the next press is a new purchase. */
export function forgetPurchaseKey(purchase: Purchase<string>): void {
  const name = storageNameOf(purchase);
  inMemory.delete(name);
  try {
    localStorage.removeItem(name);
  } catch {
    // No storage: nothing kept there.
  }
}

function storageNameOf(purchase: Purchase<string>): string {
  return `${STORAGE_PREFIX}${purchase.what}:${purchase.provider}:${purchase.months}:${purchase.fee}`;
}

function readStored(name: string): { key: string; at: number } | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(name) ?? 'null');
    if (value && typeof value === 'object' && 'key' in value && 'at' in value) {
      const { key, at } = value;
      if (typeof key === 'string' && typeof at === 'number') return { key, at };
    }
  } catch {
    // No storage, or not ours: the page's own memory answers.
  }
  return inMemory.get(name);
}
