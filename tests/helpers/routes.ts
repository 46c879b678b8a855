import type { RouteOptions } from 'fastify';
import type { Access } from '#server/http/route';
import type { TestApp } from './app.ts';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** As registered, without a trailing slash, e.g. `/api/bookings/:id`. */
  url: string;
  /** Who may call it, as defineRoute declared it; null for a route a plugin adds itself (GET /api/csrf). */
  access: Access | null;
}

const METHODS = new Set<string>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

function isApiMethod(method: string): method is ApiMethod {
  return METHODS.has(method);
}

/**
 * Every API call the app answers, from its own route registry: the routes Fastify's onRoute hook
 * reported while the app was built (createTestApp collects them). A route added anywhere is
 * walked by the tests without naming it. Fastify's automatic HEAD routes are left out.
 */
export function apiRoutes(t: Pick<TestApp, 'routes'>): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const seen = new Set<string>();
  for (const route of t.routes) {
    if (!route.url.startsWith('/api/')) continue;
    const access = accessOf(route);
    const url = route.url.replace(/(.)\/+$/, '$1');
    for (const method of [route.method].flat()) {
      if (!isApiMethod(method) || seen.has(`${method} ${url}`)) continue;
      seen.add(`${method} ${url}`);
      routes.push({ method, url, access });
    }
  }
  if (!routes.some((route) => route.method === 'POST' && route.url === '/api/login')) {
    throw new Error('No routes were recorded: POST /api/login is missing (was the app built by createTestApp?).');
  }
  return routes;
}

/** The access a route declared in its config (defineRoute always declares one). */
function accessOf(route: RouteOptions): Access | null {
  const config: unknown = route.config;
  const access = typeof config === 'object' && config !== null && 'access' in config ? config.access : null;
  return access === 'public' || access === 'signed-in' || Array.isArray(access) ? (access as Access) : null;
}

/** The route's URL with each `:param` replaced by what `value` gives for it, and a trailing slash. */
export function fillParams(url: string, value: (name: string, before: string) => string): string {
  const filled = url.replace(/:(\w+)/g, (_whole, name: string, offset: number) => {
    const before = url.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
    return value(name, before);
  });
  return `${filled}/`;
}
