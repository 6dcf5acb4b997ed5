import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation';

/**
 * Puts a hook in front of one route's own hooks. Plugins use it from `onRoute` so that only the
 * routes that ask for a behaviour pay for it.
 */
export function prependRouteHook<H>(route: RouteOptions, name: HookName, hook: H): void {
  const existing = route[name] as unknown as H | H[] | undefined;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, H[]>)[name] = [hook, ...list];
}
