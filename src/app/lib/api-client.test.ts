import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NetworkError, onSessionEnded } from './api-client.ts';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: answers by "METHOD url", records every call. */
function fakeFetch(answer: (call: Call, count: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return answer(call, calls.filter((c) => c.method === call.method && c.url === call.url).length);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('api client', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('on a 401 refreshes once and retries the call once', async () => {
    const calls = fakeFetch((call, count) => {
      if (call.url === '/api/token/refresh/') return json(200, {});
      if (call.url === '/api/csrf/') return json(200, { csrfToken: 't' });
      return count === 1 ? json(401, { error: 'Please sign in.' }) : json(200, { ok: true });
    });
    await expect(api.get('auth/me/')).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.url !== '/api/csrf/').map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/me/',
      'POST /api/token/refresh/',
      'GET /api/auth/me/',
    ]);
  });

  it('concurrent 401s share one refresh', async () => {
    let refreshed = false;
    const calls = fakeFetch(async (call) => {
      if (call.url === '/api/csrf/') return json(200, { csrfToken: 't' });
      if (call.url === '/api/token/refresh/') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? json(200, [call.url]) : json(401, { error: 'Please sign in.' });
    });
    const replies = await Promise.all([api.get('a/'), api.get('b/'), api.get('c/')]);
    expect(replies).toEqual([['/api/a/'], ['/api/b/'], ['/api/c/']]);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('a failed refresh ends the session and surfaces the 401', async () => {
    fakeFetch((call) =>
      call.url === '/api/csrf/' ? json(200, { csrfToken: 't' }) : json(401, { error: 'Please sign in.' }),
    );
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const failure = await api.get('auth/me/').catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a refresh that cannot be made keeps the session: the failure is thrown, never the 401', async () => {
    fakeFetch((call) => {
      if (call.url === '/api/csrf/') return json(200, { csrfToken: 't' });
      if (call.url === '/api/token/refresh/') throw new TypeError('Failed to fetch');
      return json(401, { error: 'Please sign in.' });
    });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const failure = await api.get('auth/me/').catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(NetworkError);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a refresh the server cannot answer (5xx) keeps the session too', async () => {
    fakeFetch((call) => {
      if (call.url === '/api/csrf/') return json(200, { csrfToken: 't' });
      if (call.url === '/api/token/refresh/') return json(503, { error: 'The service is starting.' });
      return json(401, { error: 'Please sign in.' });
    });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const failure = await api.get('auth/me/').catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect(ended).not.toHaveBeenCalled();
  });

  it('sends the CSRF token and the Idempotency-Key on unsafe calls, and reads error fields', async () => {
    const calls = fakeFetch((call) =>
      call.url === '/api/csrf/'
        ? json(200, { csrfToken: 'csrf-123' })
        : json(400, {
            error: 'End date cannot be before start date.',
            fields: { end_date: ['End date cannot be before start date.'] },
          }),
    );
    const failure = (await api
      .post('rentals/booking-requests/', { a: 1 }, { idempotencyKey: 'key-12345' })
      .catch((error: unknown) => error)) as ApiError;
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers['X-CSRFToken']).toBe('csrf-123');
    expect(post?.headers['Idempotency-Key']).toBe('key-12345');
    expect(failure.message).toBe('End date cannot be before start date.');
    expect(failure.fields).toEqual({ end_date: ['End date cannot be before start date.'] });
  });

  it('asks csrf/ once per page before trusting the cookie, then sends what the cookie holds', async () => {
    // A fresh module is a fresh page: the cookie may hold a token an older version set.
    vi.resetModules();
    const fresh = await import('./api-client.ts');
    let cookie = 'csrftoken=set-by-an-older-version';
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
    });
    const calls = fakeFetch((call) => {
      if (call.url === '/api/csrf/') {
        cookie = 'csrftoken=server-made';
        return json(200, { csrfToken: 'server-made' });
      }
      // Signing in renews the token (the reply's Set-Cookie).
      if (call.url === '/api/login/') cookie = 'csrftoken=renewed-at-sign-in';
      return json(200, {});
    });
    await fresh.api.post('login/', {});
    await fresh.api.post('booking-requests/', {});
    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers['X-CSRFToken'] ?? '-'}`)).toEqual([
      'GET /api/csrf/ -',
      'POST /api/login/ server-made',
      'POST /api/booking-requests/ renewed-at-sign-in',
    ]);
  });

  it('turns a failed fetch into a NetworkError and reads Retry-After', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('public-vehicles/')).rejects.toBeInstanceOf(NetworkError);
    fakeFetch(
      () => new Response(JSON.stringify({ error: 'Slow down.' }), { status: 429, headers: { 'Retry-After': '7' } }),
    );
    const limited = (await api.get('x/').catch((error: unknown) => error)) as ApiError;
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBe(7);
  });

  it('reads a list with its X-Total-Count', async () => {
    fakeFetch(() => new Response(JSON.stringify([1, 2]), { status: 200, headers: { 'X-Total-Count': '40' } }));
    await expect(api.list<number>('bookings/')).resolves.toEqual({ items: [1, 2], total: 40 });
  });

  it('reads a cursor page with its total, whether the count stopped, and the next cursor', async () => {
    fakeFetch(
      () =>
        new Response(JSON.stringify([1, 2]), {
          status: 200,
          headers: { 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true', 'X-Next-Cursor': 'WyJhIiwxXQ' },
        }),
    );
    await expect(api.page<number>('bookings/?search=a')).resolves.toEqual({
      items: [1, 2],
      total: 1000,
      totalCapped: true,
      next: 'WyJhIiwxXQ',
    });
    fakeFetch(() => new Response(JSON.stringify([3]), { status: 200, headers: { 'X-Total-Count': '3' } }));
    await expect(api.page<number>('bookings/?cursor=x')).resolves.toEqual({
      items: [3],
      total: 3,
      totalCapped: false,
      next: null,
    });
  });
});
