/**
 * Questions one module answers for another that cannot depend on it (billing answers works whether a
 * work's viewers are held back, while billing itself needs works). The asking module names the hook in
 * its `index.ts` (`declare module '../../kernel/hooks.js' { interface HookMap { … } }`); the answering
 * module declares it in its `provides`. A hook nobody provides answers undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface HookMap {}

/**
 * Questions many modules answer, each for what is its own (every module with public pages describes
 * its pages for link previews and the sitemap). Declared like `HookMap`; answered through `contributes`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SharedHookMap {}

export type HookName = keyof HookMap;
export type SharedHookName = keyof SharedHookMap;

export type HookImplementations = { [H in HookName]?: HookMap[H] };
export type SharedHookImplementations = { [H in SharedHookName]?: SharedHookMap[H] };

export class Hooks {
  private readonly implementations = new Map<HookName, { module: string; implementation: unknown }>();
  private readonly contributions = new Map<SharedHookName, unknown[]>();

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

  contribute(module: string, implementations: SharedHookImplementations): void {
    for (const [name, implementation] of Object.entries(implementations) as [SharedHookName, unknown][]) {
      const answers = this.contributions.get(name) ?? [];
      answers.push(implementation);
      this.contributions.set(name, answers);
    }
  }

  /** Every module's answer to a shared hook, in build order. */
  all<H extends SharedHookName>(name: H): readonly SharedHookMap[H][] {
    return (this.contributions.get(name) ?? []) as SharedHookMap[H][];
  }
}
