import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { ServerSecrets } from '../db/server-secrets.js';
import type { SmsDriver } from '../drivers/sms/sms-driver.js';
import type { StorageDriver } from '../drivers/storage/storage-driver.js';
import type { JobData, JobDefinitionOptions, JobHandler, JobQueue } from '../jobs/job-queue.js';
import type { Cache } from '../lib/cache.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../lib/metrics.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { ResumableUploadHooks } from '../modules/tus/upload-grant.js';
import type { DomainEventMap, DomainEvents, EventName, EventSubscription } from './domain-events.js';
import type { HookImplementations, Hooks, SharedHookImplementations } from './hooks.js';

/**
 * What every module may use without declaring it: the configuration and the drivers the process opened.
 * Anything a module builds is reached through `needs` instead.
 */
export interface Platform {
  config: Config;
  logger: Logger;
  database: Database;
  cache: Cache;
  rateLimiter: RateLimiter;
  sms: SmsDriver;
  storage: StorageDriver;
  /** Background jobs: modules declare theirs in `jobs` and send them from services (docs/jobs.md). */
  jobs: JobQueue;
  /** The process's Prometheus metrics: modules record what they do (docs/operations.md, "Metrics"). */
  metrics: Metrics;
  /** Typed domain events: published inside a transaction, delivered to the modules that declared `on` (docs/architecture.md). */
  events: DomainEvents;
  /** Questions a module answers for one that cannot depend on it (kernel/hooks.ts). */
  hooks: Hooks;
  /** Secrets the server generates once and keeps in its database (used when AUTH_SECRET is not set). */
  secrets: ServerSecrets;
  /** The server's version, from its package.json. */
  version: string;
  /** Test seams the loader hands on (`BuildOptions` of app.ts). */
  overrides: { resumableUploads?: ResumableUploadHooks };
}

/**
 * What each module builds, by module name. Every module adds its own entry from its `index.ts`
 * (`declare module '../../kernel/module.js' { interface ModuleRegistry { works: {...} } }`), so the
 * services of the whole server are typed without a list anybody edits by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleRegistry {}

export type ModuleName = keyof ModuleRegistry;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The services the modules `N` build, as one object. */
export type ServicesOf<N extends ModuleName> = [N] extends [never] ? unknown : UnionToIntersection<ModuleRegistry[N]>;

/** Everything the server built: the platform and the services of every module. */
export type Services = Platform & ServicesOf<ModuleName>;

/** One background job: its name, handler and options (retries, schedule, policy). */
export interface JobDeclaration<T extends JobData = JobData> {
  name: string;
  handler: JobHandler<T>;
  options?: JobDefinitionOptions<T>;
}

/** The services a module may use while it is built and while its routes, jobs and events are declared. */
export type ModuleContext<Name extends ModuleName, Needs extends ModuleName> = Platform & ServicesOf<Needs> & ModuleRegistry[Name];

export interface ModuleDeclaration<Name extends ModuleName = ModuleName, Needs extends ModuleName = ModuleName> {
  name: Name;
  /** The modules whose services this one uses; the loader builds them first. A cycle stops the start, naming the modules. */
  needs: readonly Needs[];
  /** Builds the module's services, given the platform and the services of the modules it needs. */
  build(context: Platform & ServicesOf<Needs>): ModuleRegistry[Name];
  /** Registers its HTTP routes (the worker never calls it). */
  routes?(app: FastifyInstance, context: ModuleContext<Name, Needs>): PromiseLike<unknown>;
  /** Its background jobs. */
  jobs?(context: ModuleContext<Name, Needs>): JobDeclaration[];
  /** The hooks it answers for other modules. */
  provides?(context: ModuleContext<Name, Needs>): HookImplementations;
  /** Its answers to the questions many modules answer (kernel/hooks.ts `SharedHookMap`). */
  contributes?(context: ModuleContext<Name, Needs>): SharedHookImplementations;
  /** The domain events its services publish (the loader refuses a subscription to an event nobody emits). */
  emits?: readonly EventName[];
  /** The domain events it reacts to. */
  on?(context: ModuleContext<Name, Needs>): ModuleSubscriptions;
  /** Once the job queue runs, in the server and in a worker. */
  start?(context: ModuleContext<Name, Needs>): Promise<void>;
  /** When the process stops, after the jobs stopped and before the database closes. */
  stop?(context: ModuleContext<Name, Needs>): Promise<void>;
}

export type ModuleSubscriptions = { [E in EventName]?: EventSubscription<DomainEventMap[E]> };

/** Declares a module; the type checks that `build` and the handlers use only what `needs` names. */
export function defineModule<const Name extends ModuleName, const Needs extends ModuleName = never>(
  declaration: ModuleDeclaration<Name, Needs>,
): ModuleDeclaration<Name, Needs> {
  return declaration;
}
