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

/**
 * Hooks several modules answer, each for what is its own (the preview of its own public pages): asked in the
 * order the modules are built, the first answer that is not undefined wins.
 */
const COMBINED_HOOKS: ReadonlySet<string> = new Set(['pages.describe']);

type AnswerOrUndefined = (...args: unknown[]) => Promise<unknown>;

function firstAnswer(first: AnswerOrUndefined, second: AnswerOrUndefined): AnswerOrUndefined {
  return async (...args) => (await first(...args)) ?? second(...args);
}

export class Hooks {
  private readonly implementations = new Map<HookName, { module: string; implementation: unknown }>();

  provide(module: string, implementations: HookImplementations): void {
    for (const [name, implementation] of Object.entries(implementations) as [HookName, unknown][]) {
      const existing = this.implementations.get(name);
      if (existing && COMBINED_HOOKS.has(name)) {
        const combined = firstAnswer(existing.implementation as AnswerOrUndefined, implementation as AnswerOrUndefined);
        this.implementations.set(name, { module: `${existing.module}, ${module}`, implementation: combined });
        continue;
      }
      if (existing) throw new Error(`the hook ${name} is provided by both ${existing.module} and ${module}`);
      this.implementations.set(name, { module, implementation });
    }
  }

  get<H extends HookName>(name: H): HookMap[H] | undefined {
    return this.implementations.get(name)?.implementation as HookMap[H] | undefined;
  }
}
