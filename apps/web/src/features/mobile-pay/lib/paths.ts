/** Where the payer lands after paying on a phone: it asks our server, never the redirect, how the order stands. */
export function paySuccessPath(orderNo: string): string {
  return `/space/paySuccess?orderNo=${encodeURIComponent(orderNo)}`;
}
