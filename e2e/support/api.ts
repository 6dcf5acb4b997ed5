import { expect, type APIResponse } from '@playwright/test';
import type { Envelope } from '@spatia/contract';

/** The `data` of a successful answer; a failed one fails the test with the server's message. */
export async function dataOf<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${response.url()}: ${body.msg}`).toBe(true);
  return body.data as T;
}
