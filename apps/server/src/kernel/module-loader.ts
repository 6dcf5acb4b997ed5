import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeclaration, Platform, Services } from './module.js';

const MODULES_DIR = new URL('../modules/', import.meta.url);

/**
 * Every module of `modules/`: each folder's `index.ts` declares one as its default export. A folder
 * whose index declares none is a library other modules call (`demo`). Sorted by folder name, so the
 * order of the build depends only on `needs`.
 */
export async function discoverModules(): Promise<ModuleDeclaration[]> {
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const declarations: ModuleDeclaration[] = [];
  for (const folder of folders) {
    // The built server has index.js; tests run the sources.
    const file = ['index.js', 'index.ts'].map((name) => new URL(`${folder}/${name}`, MODULES_DIR)).find((url) => existsSync(url));
    if (!file) throw new Error(`the module folder ${folder} has no index.ts`);
    const exported = (await import(pathToFileURL(file.pathname).href)) as { default?: ModuleDeclaration };
    if (!exported.default) continue;
    if (exported.default.name !== folder) {
      throw new Error(`modules/${folder}/index.ts declares the module ${exported.default.name}; a module is named for its folder`);
    }
    declarations.push(exported.default);
  }
  return declarations;
}

/**
 * Orders modules so that each comes after those it needs; among modules free to go, alphabetical. A
 * need nobody declares and a cycle are errors that name the modules.
 */
export function orderModules(modules: readonly ModuleDeclaration[]): ModuleDeclaration[] {
  const byName = new Map(modules.map((module) => [module.name as string, module]));
  for (const module of modules) {
    for (const need of module.needs) {
      if (!byName.has(need)) throw new Error(`the module ${module.name} needs ${need}, which no module declares`);
    }
  }
  const ordered: ModuleDeclaration[] = [];
  const placed = new Set<string>();
  const visiting: string[] = [];
  const visit = (module: ModuleDeclaration) => {
    if (placed.has(module.name)) return;
    const at = visiting.indexOf(module.name);
    if (at >= 0) throw new Error(`the modules need each other in a cycle: ${[...visiting.slice(at), module.name].join(' → ')}`);
    visiting.push(module.name);
    for (const need of [...module.needs].sort()) visit(byName.get(need)!);
    visiting.pop();
    placed.add(module.name);
    ordered.push(module);
  };
  for (const module of [...modules].sort((a, b) => a.name.localeCompare(b.name))) visit(module);
  return ordered;
}

/** The modules, built in order over the platform, with their jobs, hooks and event subscriptions declared. */
export interface LoadedModules {
  services: Services;
  /** Registers every module's routes, in build order. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Each module's `start`, in build order (once the job queue runs). */
  start(): Promise<void>;
  /** Each module's `stop`, in reverse order. */
  stop(): Promise<void>;
}

export function loadModules(platform: Platform, declarations: readonly ModuleDeclaration[]): LoadedModules {
  const modules = orderModules(declarations);
  const services = { ...platform } as Record<string, unknown>;
  const builtBy = new Map<string, string>();
  for (const module of modules) {
    const built = module.build(services as never) as Record<string, unknown>;
    for (const [key, value] of Object.entries(built)) {
      const owner = builtBy.get(key) ?? (key in platform ? 'the platform' : undefined);
      if (owner) throw new Error(`the module ${module.name} builds ${key}, which ${owner} built already`);
      builtBy.set(key, module.name);
      services[key] = value;
    }
  }
  const context = services as never;
  const emitted = new Set<string>(modules.flatMap((module) => module.emits ?? []));
  for (const module of modules) {
    if (module.provides) platform.hooks.provide(module.name, module.provides(context));
    if (module.contributes) platform.hooks.contribute(module.name, module.contributes(context));
    for (const job of module.jobs?.(context) ?? []) platform.jobs.define(job.name, job.handler, job.options);
    const subscriptions = module.on?.(context) ?? {};
    for (const [event, subscription] of Object.entries(subscriptions)) {
      if (!emitted.has(event)) throw new Error(`the module ${module.name} reacts to ${event}, which no module emits`);
      if (subscription) platform.events.subscribe(module.name, event as never, subscription);
    }
  }
  return {
    services: services as unknown as Services,
    registerRoutes: async (app) => {
      for (const module of modules) await module.routes?.(app, context);
    },
    start: async () => {
      for (const module of modules) await module.start?.(context);
    },
    stop: async () => {
      for (const module of [...modules].reverse()) await module.stop?.(context);
    },
  };
}
