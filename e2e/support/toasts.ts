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
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const notices = node.matches('.ant-message-notice') ? [node] : [...node.querySelectorAll('.ant-message-notice')];
          for (const notice of notices) seen.push(notice.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** The toasts shown since `recordToasts`, oldest first. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { spatiaToasts?: string[] }).spatiaToasts ?? []);
}
