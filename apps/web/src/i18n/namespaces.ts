import type { i18n as I18n } from 'i18next';
import type { Language } from '@spatia/contract';
import type { Messages } from './catalogues';

/**
 * Translations load by namespace and language, on demand (docs/web.md, "Loading"): each message file is a
 * chunk of its own, fetched when a module that names the namespace (`t('<ns>.…')`, found at build time by
 * build/i18n-namespaces.ts) is loaded, in the current language only. Every namespace still lands in the one
 * i18next namespace `translation` under its own key, so keys read `t('<ns>.<key>')` as before.
 */
type Loader = () => Promise<Messages>;

const LOCALE_FILE = /\/(zh|en)\/(\w+)\.json$/;

const files: Record<string, Loader> = {
  ...import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' }),
  ...import.meta.glob<Messages>('../features/*/locales/*/*.json', { import: 'default' }),
};

const loaders: Record<Language, Map<string, Loader>> = { zh: new Map(), en: new Map() };
for (const [file, load] of Object.entries(files)) {
  const [, language, namespace] = LOCALE_FILE.exec(file) ?? [];
  if (language && namespace) loaders[language as Language].set(namespace, load);
}

/** The global list the build appends each module's namespaces to (see build/i18n-namespaces.ts). */
const NEEDS_GLOBAL = '__spatiaNamespaceNeeds';
type NeedsList = { push(namespaces: readonly string[]): unknown };
type NeedsHost = Record<typeof NEEDS_GLOBAL, NeedsList | readonly (readonly string[])[] | undefined>;

const needed = new Set<string>();
const loading = new Map<string, Promise<void>>();
let instance: I18n | undefined;
let languageOf: () => Language = () => 'zh';

export function isNamespace(name: string): boolean {
  return loaders.zh.has(name) || loaders.en.has(name);
}

/** Loads the namespaces in one language (each once) and adds them to i18next. */
export function loadNamespaces(language: Language, namespaces: Iterable<string>): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const namespace of namespaces) {
    const key = `${language}/${namespace}`;
    let job = loading.get(key);
    if (!job) {
      const load = loaders[language].get(namespace);
      if (!load) continue;
      job = load().then((messages) => {
        instance?.addResourceBundle(language, 'translation', { [namespace]: messages }, true, true);
      });
      job.catch(() => loading.delete(key));
      loading.set(key, job);
    }
    jobs.push(job);
  }
  return Promise.all(jobs).then(() => undefined);
}

/** Every namespace that the modules loaded so far need, loaded in `language` (the current one by default). */
export function namespacesReady(language: Language = languageOf()): Promise<void> {
  return loadNamespaces(language, needed);
}

function need(namespaces: readonly string[]): void {
  for (const namespace of namespaces) needed.add(namespace);
  if (instance) void loadNamespaces(languageOf(), namespaces);
}

/**
 * Connects the loader to the i18next instance: takes the needs of the modules evaluated before it, and
 * from then on starts loading as soon as a module says what it needs.
 */
export function connectNamespaces(i18n: I18n, currentLanguage: () => Language): void {
  instance = i18n;
  languageOf = currentLanguage;
  const host = globalThis as unknown as NeedsHost;
  const earlier = host[NEEDS_GLOBAL];
  if (Array.isArray(earlier)) for (const namespaces of earlier as readonly (readonly string[])[]) need(namespaces);
  host[NEEDS_GLOBAL] = { push: need };
}

/**
 * A key whose namespace the build did not see (a namespace named only at run time): loads the namespace,
 * and i18next's `added` event re-renders the component that asked.
 */
export function loadMissing(key: string): void {
  const namespace = key.split('.')[0] ?? '';
  if (!isNamespace(namespace) || needed.has(namespace)) return;
  need([namespace]);
}

/** Every namespace of a language, now (the unit tests, which render any component at once). */
export function addAllNamespaces(i18n: I18n, language: Language, catalogue: Record<string, Messages>): void {
  for (const [namespace, messages] of Object.entries(catalogue)) {
    i18n.addResourceBundle(language, 'translation', { [namespace]: messages }, true, true);
    loading.set(`${language}/${namespace}`, Promise.resolve());
  }
}
