import { afterEach, beforeEach, vi } from 'vitest';
import { http, type SentRequest } from '../api/client';
import { registerFeedback } from '../api/feedback';
import { clearSession, setToken } from '../stores/session-store';

export interface ApiHarness {
  /** The requests the HTTP client sent in the current test, oldest first. */
  readonly seen: SentRequest[];
  /** Answers every request with `data` in the success envelope. */
  replyWith(data: unknown, headers?: Record<string, string>): void;
  /** Answers each request with what `answer` gives for it, in the success envelope. */
  replyBy(answer: (config: SentRequest) => unknown, headers?: Record<string, string>): void;
}

/**
 * Puts the shared HTTP client on a stand-in transport for each test of the calling file (or describe
 * block): requests are recorded instead of sent, toasts go nowhere, and every test starts signed in
 * with `token` (signed out when it is null) and ends signed out.
 */
export function setUpApiHarness({ token = 't-1' }: { token?: string | null } = {}): ApiHarness {
  const seen: SentRequest[] = [];
  const replyBy: ApiHarness['replyBy'] = (answer, headers = {}) => {
    http.defaults.adapter = async (config) => {
      seen.push(config);
      return {
        status: 200,
        statusText: 'OK',
        data: { code: 0, msg: 'ok', data: answer(config) },
        headers: headers,
      };
    };
  };

  beforeEach(() => {
    seen.length = 0;
    registerFeedback({ message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() } });
    clearSession();
    if (token !== null) setToken(token);
  });
  afterEach(() => clearSession());

  return { seen, replyBy, replyWith: (data, headers) => replyBy(() => data, headers) };
}
