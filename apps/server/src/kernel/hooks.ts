/**
 * Questions one module answers for another that cannot depend on it (billing answers works whether a
 * work's viewers are held back, while billing itself needs works). The asking module names the hook in
 * its `index.ts` (`declare module '../../kernel/hooks.js' { interface HookMap { … } }`); the answering
 * module declares it in its `provides`. A hook nobody provides answers undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface HookMap {}

export type HookName = keyof HookMap;

export type HookImplementations = { [H in HookName]?: HookMap[H] };

export class Hooks {
  private readonly implementations = new Map<HookName, { module: string; implementation: unknown }>();

  provide(module: string, implementations: HookImplementations): void {
    for (const [name, implementation] of Object.entries(implementations) as [HookName, unknown][]) {
      const existing = this.implementations.get(name);
      if (existing) throw new Error(`the hook ${name} is provided by both ${existing.module} and ${module}`);
      this.implementations.set(name, { module, implementation });
    }
  }

  get<H extends HookName>(name: H): HookMap[H] | undefined {
    return this.implementations.get(name)?.implementation as HookMap[H] | undefined;
  }
}
