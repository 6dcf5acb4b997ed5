import type { Page } from '@playwright/test';

/**
 * Records the text of every antd message (toast) the page shows from now on, in order. A toast lives
 * three seconds: on a loaded machine an assertion can come after it is gone, and "this warning came
 * before that one" cannot be read from the screen at all. The record can.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { spatiaToasts: string[] }).spatiaToasts = seen;
    const onScreen = () => new Set([...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent ?? ''));
    // antd mounts a notice more than once while it animates in: a toast is new when its text was not on
    // screen a moment ago, not whenever an element with it is added.
    let before = onScreen();
    new MutationObserver(() => {
      const now = onScreen();
      for (const text of now) if (!before.has(text)) seen.push(text);
      before = now;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** The toasts shown since `recordToasts`, oldest first. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { spatiaToasts?: string[] }).spatiaToasts ?? []);
}
