import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeModules, withCatalogue } from './module-catalogue.js';
import { discoverModules, loadModules, orderModules } from './module-loader.js';
import type { ModuleDeclaration, Platform } from './module.js';

/** Declarations outside the registry's types: the loader only reads names, needs and the lists. */
function declared(name: string, needs: string[] = [], extra: Partial<ModuleDeclaration> = {}): ModuleDeclaration {
  return { name, needs, build: () => ({}), ...extra } as unknown as ModuleDeclaration;
}

const names = (modules: readonly ModuleDeclaration[]) => modules.map((module) => module.name as string);

describe('the module loader', () => {
  it('builds each module after those it needs, the rest alphabetically', () => {
    const ordered = orderModules([declared('c', ['b']), declared('a'), declared('b', ['a']), declared('d')]);
    expect(names(ordered)).toEqual(['a', 'b', 'c', 'd']);
    expect(names(orderModules([declared('z'), declared('y', ['z'])]))).toEqual(['z', 'y']);
  });

  it('stops at a cycle, naming the modules in it', () => {
    expect(() => orderModules([declared('a', ['c']), declared('b', ['a']), declared('c', ['b']), declared('d')])).toThrow(
      'the modules need each other in a cycle: a → c → b → a',
    );
  });

  it('stops at a need no module declares', () => {
    expect(() => orderModules([declared('a', ['ghost'])])).toThrow('the module a needs ghost, which no module declares');
  });

  it('refuses two modules that build the same service, and a subscription to an event nobody emits', () => {
    const platform = { jobs: { define: () => undefined }, events: { subscribe: () => undefined }, hooks: { provide: () => undefined } };
    const twice = [declared('a', [], { build: () => ({ shared: 1 }) }), declared('b', [], { build: () => ({ shared: 2 }) })] as never[];
    expect(() => loadModules(platform as unknown as Platform, twice)).toThrow('the module b builds shared, which a built already');
    const deaf = [declared('a', [], { on: () => ({ 'nobody.said': { when: 'commit', handle: () => Promise.resolve() } }) as never })];
    expect(() => loadModules(platform as unknown as Platform, deaf)).toThrow('the module a reacts to nobody.said, which no module emits');
  });

  it('hands each build the services built before it, and each module its own in its handlers', () => {
    const seen: unknown[] = [];
    const platform = {
      jobs: { define: (name: string) => seen.push(name) },
      events: { subscribe: () => undefined },
      hooks: { provide: () => undefined },
    };
    const loaded = loadModules(platform as unknown as Platform, [
      declared('second', ['first'], { build: ((context: { one: number }) => ({ two: context.one + 1 })) as never }),
      declared('first', [], {
        build: () => ({ one: 1 }),
        jobs: ((context: { one: number; two: number }) => [
          { name: `first.${context.one}.${context.two}`, handler: () => Promise.resolve() },
        ]) as never,
      }),
    ]);
    expect(loaded.services).toMatchObject({ one: 1, two: 2 });
    expect(seen).toEqual(['first.1.2']);
  });
});

describe('the modules of the server', () => {
  // Importing every module the first time takes a while on a busy machine.
  it('each folder declares the module named for it, and they build in an order', { timeout: 300_000 }, async () => {
    const modules = await discoverModules();
    expect(modules.length).toBeGreaterThan(30);
    expect(names(orderModules(modules))).toContain('works');
  });

  it('docs/architecture.md shows them as they declare themselves (npm run docs:modules writes it)', { timeout: 300_000 }, async () => {
    const document = readFileSync(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(withCatalogue(document, describeModules(await discoverModules()))).toBe(document);
  });
});
