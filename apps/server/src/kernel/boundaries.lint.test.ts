import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
// The lint configuration is plain JavaScript outside any TypeScript project.
const lintFile = (name: string) => pathToFileURL(path.join(root, 'eslint', name)).href;
const { default: spatia } = (await import(lintFile('boundaries.js'))) as { default: ESLint.Plugin };
const { houseRules } = (await import(lintFile('house-rules.js'))) as { houseRules: object };

/** The house's boundary rule with the exceptions the real configuration declares, on code that need not exist on disk. */
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { spatia },
      rules: { 'spatia/boundaries': ['error', houseRules] },
    },
  ],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.message);
}

describe('the boundaries of server modules', () => {
  it("stops a repository that imports another module's tables", async () => {
    expect(
      await problems('apps/server/src/modules/orders/orders.repository.ts', "import { works } from '../works/works.tables.js';"),
    ).toEqual([
      'The server module "orders" uses the tables of "works": call that module\'s service, or declare the exception with its reason in eslint/house-rules.js.',
    ]);
  });

  it('lets a repository use its own tables, a declared exception, and a tables file name another for a foreign key', async () => {
    expect(await problems('apps/server/src/modules/works/works.repository.ts', "import { works } from './works.tables.js';")).toEqual([]);
    expect(
      await problems(
        'apps/server/src/modules/works/works.repository.ts',
        "import { workTransfers } from '../transfers/transfers.tables.js';",
      ),
    ).toEqual([]);
    expect(await problems('apps/server/src/modules/tours/tours.tables.ts', "import { works } from '../works/works.tables.js';")).toEqual(
      [],
    );
  });

  it("stops a module that imports another module's internals, and lets it use the index", async () => {
    expect(
      await problems('apps/server/src/modules/tours/tours.service.ts', "import { WorksService } from '../works/works.service.js';"),
    ).toEqual([
      'The server module "tours" imports works.service.ts of "works": import it from ../works/index.js, and export it there if it belongs to that module\'s public surface.',
    ]);
    expect(
      await problems('apps/server/src/modules/tours/tours.service.ts', "import type { WorksService } from '../works/index.js';"),
    ).toEqual([]);
  });

  it('stops a module that imports every table at once; tests may', async () => {
    expect(
      await problems('apps/server/src/modules/tours/tours.repository.ts', "import { works } from '../../db/schema/index.js';"),
    ).toHaveLength(1);
    expect(await problems('apps/server/src/modules/tours/tours.api.test.ts', "import { works } from '../../db/schema/index.js';")).toEqual(
      [],
    );
  });

  it('keeps web features apart and packages away from apps', async () => {
    expect(await problems('apps/web/src/features/wallet/api.ts', "import { x } from '../orders/api.js';")).toHaveLength(1);
    expect(await problems('packages/contract/src/x.ts', "import { x } from '@spatia/server';")).toEqual([
      'A package never imports an app.',
    ]);
  });
});
