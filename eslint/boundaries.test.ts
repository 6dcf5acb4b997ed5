// The house's boundaries (eslint/boundaries.js), run through ESLint with the repository's own config on
// small made-up files. The files do not exist: each is linted as text under the path it pretends to have,
// which is all the rule reads, without type information (the type-aware rules are left out here).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'spatia/boundaries',
});

/** The boundaries messages ESLint gives `code` as the file `file` (relative to the repository). */
async function messagesAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result?.messages.filter((message) => message.ruleId !== 'spatia/boundaries')).toEqual([]);
  return (result?.messages ?? []).map((message) => message.messageId ?? message.message);
}

/** The same for a file under apps/web/src. */
const boundaryMessages = (file: string, code: string) => messagesAt(`apps/web/src/${file}`, code);

describe('web layers (eslint/boundaries.js)', () => {
  it('stops shared code from importing a feature, even through its index', async () => {
    for (const folder of ['components', 'lib', 'api', 'stores', 'i18n', 'styles']) {
      expect(await boundaryMessages(`${folder}/fixture.ts`, "export { getOverview } from '../features/overview';\n")).toEqual([
        'sharedImportsFeature',
      ]);
    }
    expect(
      await boundaryMessages('components/deep/fixture.tsx', "import { x } from '../../features/works/api/get-works';\nexport { x };\n"),
    ).toEqual(['sharedImportsFeature']);
  });

  it('stops a feature from importing the app shell: pages, layouts, app', async () => {
    expect(
      await boundaryMessages('features/works/components/fixture.tsx', "export { DashboardPage } from '../../../pages/dashboard-page';\n"),
    ).toEqual(['featureImportsShell']);
    expect(
      await boundaryMessages('features/works/fixture.ts', "export { ConsoleLayout } from '../../layouts/console/console-layout';\n"),
    ).toEqual(['featureImportsShell']);
    expect(
      await boundaryMessages('features/works/fixture.ts', "const routes = import('../../app/route-table');\nexport { routes };\n"),
    ).toEqual(['featureImportsShell']);
  });

  it("stops a deep import into a feature's internals from outside it", async () => {
    expect(
      await boundaryMessages('pages/fixture-page.tsx', "export { WorksManager } from '../features/works/components/works-manager';\n"),
    ).toEqual(['featureDeepImport']);
    expect(await boundaryMessages('app/fixture.ts', "import type { X } from '../features/auth/api/logout';\nexport type { X };\n")).toEqual(
      ['featureDeepImport'],
    );
  });

  it('keeps stopping a feature from importing another feature, index or not', async () => {
    expect(await boundaryMessages('features/works/fixture.ts', "export { useLogout } from '../auth';\n")).toEqual(['featureImport']);
    expect(await boundaryMessages('features/works/fixture.ts', "export { useLogout } from '../auth/api/logout';\n")).toEqual([
      'featureImport',
    ]);
  });

  it('lets pages and layouts use a feature through its index, and a feature use its own files and shared code', async () => {
    expect(await boundaryMessages('pages/fixture-page.tsx', "export { WorksManager } from '../features/works';\n")).toEqual([]);
    expect(await boundaryMessages('layouts/console/fixture.tsx', "export { useLogout } from '../../features/auth/index';\n")).toEqual([]);
    expect(
      await boundaryMessages(
        'features/works/components/fixture.tsx',
        "import { getWorks } from '../api/get-works';\nimport { api } from '../../../api/client';\nexport { getWorks, api };\n",
      ),
    ).toEqual([]);
  });
});

describe('server modules (eslint/boundaries.js with the exceptions of eslint/house-rules.js)', () => {
  const tours = (file: string) => `apps/server/src/modules/tours/${file}`;

  it("stops a module's code from using another module's tables, unless declared, and lets a tables file name one for a foreign key", async () => {
    expect(
      await messagesAt('apps/server/src/modules/orders/orders.repository.ts', "import { works } from '../works/works.tables.js';\n"),
    ).toEqual(['foreignTables']);
    expect(await messagesAt('apps/server/src/modules/works/works.repository.ts', "import { works } from './works.tables.js';\n")).toEqual(
      [],
    );
    expect(
      await messagesAt(
        'apps/server/src/modules/works/works.repository.ts',
        "import { workTransfers } from '../transfers/transfers.tables.js';\n",
      ),
    ).toEqual([]);
    expect(await messagesAt(tours('tours.tables.ts'), "import { works } from '../works/works.tables.js';\n")).toEqual([]);
  });

  it("stops a module from importing another module's internals, and lets it use that module's index", async () => {
    expect(await messagesAt(tours('tours.service.ts'), "import { WorksService } from '../works/works.service.js';\n")).toEqual([
      'moduleInternals',
    ]);
    expect(await messagesAt(tours('tours.service.ts'), "import type { WorksService } from '../works/index.js';\n")).toEqual([]);
  });

  it("lets a module's tests reach anything", async () => {
    expect(await messagesAt(tours('tours.api.test.ts'), "import { works } from '../works/works.tables.js';\n")).toEqual([]);
    expect(await messagesAt(tours('tours.api.test.ts'), "import { WorksService } from '../works/works.service.js';\n")).toEqual([]);
  });

  it('keeps packages away from apps', async () => {
    expect(await messagesAt('packages/contract/src/fixture.ts', "import { x } from '@spatia/server';\nexport { x };\n")).toEqual([
      'packageImportsApp',
    ]);
  });
});
