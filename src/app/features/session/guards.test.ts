import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#domain/api/session';
import type { Role } from '#domain/constants';
import { loadSession, onSessionLost, revalidateSession, sessionQueryOptions, setSession } from './api/get-session.ts';
import {
  pathAfterLogin,
  redirectStaffHome,
  redirectStaffHomeWhenKnown,
  requireCustomer,
  requireSignedIn,
  requireStaff,
} from './guards.ts';

function user(role: Role, id = 7): SessionUser {
  return {
    id,
    username: role,
    email: `${role}@example.com`,
    first_name: 'Sam',
    last_name: 'Lee',
    phone_number: '+44 7700 900000',
    role,
    agency: null,
    customer_id: role === 'customer' ? 3 : null,
  };
}

async function redirectTarget(guard: Promise<unknown>): Promise<string | null> {
  try {
    await guard;
    return null;
  } catch (error) {
    if (isRedirect(error)) return String(error.options.to);
    throw error;
  }
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('guards on a cached session', () => {
  const cases: [
    Role | 'visitor',
    { customer: string | null; staff: string | null; signedIn: string | null; publicArea: string | null },
  ][] = [
    ['visitor', { customer: '/login', staff: '/login', signedIn: '/login', publicArea: null }],
    ['customer', { customer: null, staff: '/login', signedIn: null, publicArea: null }],
    ['staff', { customer: '/login', staff: null, signedIn: null, publicArea: '/staff/dashboard' }],
    ['agent', { customer: '/login', staff: null, signedIn: null, publicArea: '/staff/dashboard' }],
    ['agency', { customer: '/login', staff: null, signedIn: null, publicArea: '/staff/dashboard' }],
  ];

  for (const [role, expected] of cases) {
    it(`sends ${role} where SPEC §2 says`, async () => {
      setSession(queryClient, role === 'visitor' ? null : user(role));
      expect(await redirectTarget(requireCustomer(queryClient))).toBe(expected.customer);
      expect(await redirectTarget(requireStaff(queryClient))).toBe(expected.staff);
      expect(await redirectTarget(requireSignedIn(queryClient))).toBe(expected.signedIn);
      expect(await redirectTarget(redirectStaffHome(queryClient))).toBe(expected.publicArea);
    });
  }
});

describe('the landing on a first visit', () => {
  it('does not wait for the session when none is kept, but asks for it', async () => {
    // The server never answers: the landing must be drawn all the same.
    const fetchMock = vi.fn((_url: string | URL | Request) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    expect(await redirectTarget(redirectStaffHomeWhenKnown(queryClient))).toBeNull();
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/me/'));
  });

  it('decides from a kept session as before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    setSession(queryClient, user('agent'));
    expect(await redirectTarget(redirectStaffHomeWhenKnown(queryClient))).toBe('/staff/dashboard');
    setSession(queryClient, null);
    expect(await redirectTarget(redirectStaffHomeWhenKnown(queryClient))).toBeNull();
  });
});

describe('the session check after the first paint', () => {
  /** As in the app, where the layout's useSession watches the query. */
  function watchSession(): () => void {
    return new QueryObserver(queryClient, { ...sessionQueryOptions(), refetchOnMount: false }).subscribe(
      () => undefined,
    );
  }

  it('asks the server about a session restored from the device', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => new Response(JSON.stringify(user('agent'))));
    vi.stubGlobal('fetch', fetchMock);
    // Restored from the device, saved a minute before this page began.
    queryClient.setQueryData(['session'], user('agent'), { updatedAt: performance.timeOrigin - 60_000 });
    const stop = watchSession();
    revalidateSession(queryClient, () => undefined);
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me/']));
    stop();
  });

  it('asks about a session the page being reloaded saved after this navigation began', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => new Response(JSON.stringify(user('agent'))));
    vi.stubGlobal('fetch', fetchMock);
    // The old page runs on until the new one commits: its last answer is later than this page's
    // navigation start, yet earlier than this page's code.
    queryClient.setQueryData(['session'], user('agent'), { updatedAt: performance.timeOrigin + 1 });
    const stop = watchSession();
    revalidateSession(queryClient, () => undefined);
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/me/']));
    stop();
  });

  it('does not ask again what this page has asked already, answered or on its way', async () => {
    const fetchMock = vi.fn((_url: string | URL | Request) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const stop = watchSession();
    void loadSession(queryClient);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    revalidateSession(queryClient, () => undefined);
    setSession(queryClient, null);
    revalidateSession(queryClient, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the session fetch', () => {
  it('reads a 401 from auth/me/ as signed out, silently', async () => {
    const fetchMock = vi.fn(
      async (_url: string | URL | Request) =>
        new Response(JSON.stringify({ error: 'Not signed in.' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadSession(queryClient)).toBeNull();
    // auth/me/, then the one refresh attempt (also refused); no retry of a refused refresh
    const calls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/csrf/');
    expect(calls).toEqual(['/api/auth/me/', '/api/token/refresh/']);
  });

  it('counts an unreachable server with nothing cached as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await loadSession(queryClient)).toBeNull();
  });

  it('keeps a cached user while the server cannot be reached', async () => {
    setSession(queryClient, user('agent'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await loadSession(queryClient))?.role).toBe('agent');
  });

  it('sends a sign-out made offline before asking for the session', async () => {
    localStorage.setItem('fleet:pending-logout', '1');
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith('logout/')
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify({ error: 'Not signed in.' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadSession(queryClient)).toBeNull();
    const calls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/csrf/');
    expect(calls[0]).toBe('/api/logout/');
    expect(localStorage.getItem('fleet:pending-logout')).toBeNull();
  });
});

describe('onSessionLost', () => {
  it('fires when the signed-in user goes or changes, not on sign-in or a cache clear', () => {
    const listener = vi.fn();
    onSessionLost(queryClient, listener);
    setSession(queryClient, null);
    setSession(queryClient, user('customer', 1));
    expect(listener).not.toHaveBeenCalled();
    queryClient.clear();
    expect(listener).not.toHaveBeenCalled();
    setSession(queryClient, user('customer', 1));
    setSession(queryClient, null);
    expect(listener).toHaveBeenCalledTimes(1);
    setSession(queryClient, user('staff', 2));
    setSession(queryClient, user('agent', 3));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('pathAfterLogin', () => {
  it('follows SPEC §2', () => {
    expect(pathAfterLogin(user('customer'))).toBe('/customer/dashboard');
    expect(pathAfterLogin(user('agent'))).toBe('/staff/dashboard');
    expect(pathAfterLogin(user('agency'))).toBe('/staff/dashboard');
    expect(pathAfterLogin(user('staff'))).toBe('/');
  });
});
