import type { FastifyInstance } from 'fastify';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** As registered, e.g. `/api/bookings/:id`. */
  url: string;
}

const METHODS = new Set<string>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
/** A line of Fastify's route tree: indentation (4 characters a level), branch, segment, methods. */
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/;

/**
 * Every API call the built app answers, read from its own router (Fastify's route tree), so a
 * route added anywhere is walked by the tests without naming it.
 */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(url);
    if (!url.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (METHODS.has(method)) routes.push({ method: method as ApiMethod, url });
    }
  }
  if (!routes.some((route) => route.method === 'POST' && route.url === '/api/login')) {
    throw new Error('The route tree could not be read: POST /api/login is missing from it.');
  }
  return routes;
}

/** The route's URL with each `:param` replaced by what `value` gives for it, and a trailing slash. */
export function fillParams(url: string, value: (name: string, before: string) => string): string {
  const filled = url.replace(/:(\w+)/g, (_whole, name: string, offset: number) => {
    const before = url.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
    return value(name, before);
  });
  return `${filled}/`;
}
