import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * One test app for the tests of the enclosing file or `describe`: made before the first, closed after
 * the last. Read `app` inside hooks and tests (it is there once the block's `beforeAll` ran).
 */
export function sharedTestApp(...options: Parameters<typeof createTestApp>): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(...options);
  });
  afterAll(() => current?.close());
  const made = (): TestApp => {
    if (!current) throw new Error('the shared test app is made in beforeAll: read it inside a hook or a test');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    close: () => made().close(),
  };
}
