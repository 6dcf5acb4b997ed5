import { createTestApp, type TestApp } from './test-app.js';
import { person, type Person } from './works-fixtures.js';

/**
 * A test app and the signed-in people a test file works with, made one after the other in the order
 * given: `const { testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin] } })` at the top of a
 * test file, then `afterAll(() => testApp.close())`; or the same assignment in a `beforeAll`.
 * `env` goes to `createTestApp`.
 */
export async function appWithPeople<const Names extends string>(
  people: Record<Names, Parameters<typeof person>[1]>,
  env: Parameters<typeof createTestApp>[0] = {},
): Promise<{ testApp: TestApp } & Record<Names, Person>> {
  const testApp = await createTestApp(env);
  const made = {} as Record<Names, Person>;
  for (const [name, options] of Object.entries(people) as [Names, Parameters<typeof person>[1]][]) {
    made[name] = await person(testApp.app, options);
  }
  return { testApp, ...made };
}
