/**
 * The one way the app talks to the API: same-origin cookies, the CSRF header on unsafe calls,
 * JSON or multipart bodies, and on a 401 one shared `token/refresh/` then one retry (SPEC §4).
 */
import type { ApiErrorBody } from '#domain/api/errors';
import type { CursorPage } from './paging.ts';

/** What an error reply held: the API's body, or nothing readable (a proxy's page, a lost body). */
type ErrorReplyBody = Partial<ApiErrorBody>;

/** The server answered with an error status; `message` is its human sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorReplyBody,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body.error ?? `Request failed (${status}).`);
    this.name = 'ApiError';
  }

  get fields(): Record<string, string[]> {
    return this.body.fields ?? {};
  }
}

/** No answer at all: offline, DNS, a dropped connection, a timeout. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('The server could not be reached.', { cause });
    this.name = 'NetworkError';
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (files beside fields). */
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the server answers a replay with the stored reply. */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** The methods that must carry the CSRF token. */
export const UNSAFE = new Set<Method>(['POST', 'PATCH', 'PUT', 'DELETE']);
const REFRESH_PATH = 'token/refresh/';

export function apiUrl(path: string): string {
  return path.startsWith('/api/') ? path : `/api/${path.replace(/^\/+/, '')}`;
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

let csrfLoading: Promise<string | null> | null = null;
/** Whether `csrf/` answered in this page's life, so the cookie holds a token the server accepts. */
let csrfConfirmed = false;

function fetchCsrfToken(): Promise<string | null> {
  csrfLoading ??= fetch(apiUrl('csrf/'), { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return null;
      csrfConfirmed = true;
      return ((await response.json()) as { csrfToken: string }).csrfToken;
    })
    .catch(() => null)
    .finally(() => {
      csrfLoading = null;
    });
  return csrfLoading;
}

/**
 * The CSRF token from its cookie. The first call of a page's life asks `csrf/` first: the server
 * keeps a token it made and replaces any other (one an older version set, one planted), so what
 * the cookie holds afterwards is accepted. The cookie is read at every call because signing in or
 * out replaces the token.
 */
export async function csrfToken(): Promise<string | null> {
  const existing = readCookie('csrftoken');
  if (existing && csrfConfirmed) return existing;
  const fetched = await fetchCsrfToken();
  return readCookie('csrftoken') ?? fetched;
}

type SessionListener = () => void;
const sessionEndedListeners = new Set<SessionListener>();

/** Called when a refresh fails: the user must sign in again. */
export function onSessionEnded(listener: SessionListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * How a refresh ended. Only `refused` (the server's 401: no live session behind the cookie) signs
 * the user out; a refresh that could not be made (offline, a dropped connection, a 5xx) leaves
 * the session as it was, to be renewed when the server can be reached.
 */
type RefreshOutcome = { kind: 'renewed' } | { kind: 'refused' } | { kind: 'unreachable'; error: Error };

let refreshing: Promise<RefreshOutcome> | null = null;

/** One refresh at a time: concurrent 401s wait for the same attempt. */
function attemptRefresh(): Promise<RefreshOutcome> {
  refreshing ??= send('POST', REFRESH_PATH, {})
    .then(async (response): Promise<RefreshOutcome> => {
      if (response.ok) return { kind: 'renewed' };
      if (response.status === 401) return { kind: 'refused' };
      return { kind: 'unreachable', error: await errorFrom(response) };
    })
    .catch((error: unknown): RefreshOutcome => ({
      kind: 'unreachable',
      error: error instanceof Error ? error : new NetworkError(error),
    }))
    .then((outcome) => {
      if (outcome.kind === 'refused') sessionEndedListeners.forEach((listener) => listener());
      return outcome;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Renews the access token; true when it was. A refusal by the server ends the session. */
export async function refreshSession(): Promise<boolean> {
  return (await attemptRefresh()).kind === 'renewed';
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (UNSAFE.has(method)) {
    const token = await csrfToken();
    if (token) headers['X-CSRFToken'] = token;
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  try {
    return await fetch(apiUrl(path), { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: ErrorReplyBody = {};
  try {
    body = (await response.json()) as ErrorReplyBody;
  } catch {
    // not JSON (a proxy's error page): the status speaks for itself
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

/** The 2xx answer of `attempt`, after one refresh and one more attempt on a 401; throws otherwise. */
async function okResponse(path: string, attempt: () => Promise<Response>): Promise<Response> {
  let response = await attempt();
  if (response.status === 401 && !path.endsWith(REFRESH_PATH)) {
    const refresh = await attemptRefresh();
    // The token could not be renewed for now: that is not the server saying "signed out".
    if (refresh.kind === 'unreachable') throw refresh.error;
    if (refresh.kind === 'renewed') response = await attempt();
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * Sends one attempt, and on a 401 one refresh then one more attempt; parses the reply or throws.
 * When the refresh itself cannot be made, its failure is thrown (a NetworkError offline), never
 * the 401, which callers read as "signed out".
 */
export async function withRefresh<T>(path: string, attempt: () => Promise<Response>): Promise<ApiResponse<T>> {
  const response = await okResponse(path, attempt);
  const text = response.status === 204 ? '' : await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, status: response.status, headers: response.headers };
}

/** Sends a call and returns its parsed reply with status and headers; throws ApiError or NetworkError. */
export function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  return withRefresh<T>(path, () => send(method, path, options));
}

/** A file the API sends (a PDF): its bytes and the name the server offers it under (Content-Disposition). */
export async function apiFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string | null }> {
  const response = await okResponse(path, () => send('GET', path, { signal, headers: { Accept: '*/*' } }));
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), name };
}

function totalOf(response: ApiResponse<unknown[]>): number {
  return Number(response.headers.get('X-Total-Count') ?? response.data.length);
}

export const api = {
  get: async <T>(path: string, signal?: AbortSignal) => (await apiRequest<T>('GET', path, { signal })).data,
  /** A list with its total (X-Total-Count). */
  list: async <T>(path: string, signal?: AbortSignal) => {
    const response = await apiRequest<T[]>('GET', path, { signal });
    return { items: response.data, total: totalOf(response) };
  },
  /**
   * A page of a list the server pages by cursor: its total (X-Total-Count, which a search may
   * stop counting: X-Total-Count-Capped) and the cursor of the next page (X-Next-Cursor, none on
   * the last page).
   */
  page: async <T>(path: string, signal?: AbortSignal): Promise<CursorPage<T>> => {
    const response = await apiRequest<T[]>('GET', path, { signal });
    return {
      items: response.data,
      total: totalOf(response),
      totalCapped: response.headers.get('X-Total-Count-Capped') === 'true',
      next: response.headers.get('X-Next-Cursor'),
    };
  },
  post: async <T>(path: string, json?: unknown, options: Omit<RequestOptions, 'json'> = {}) =>
    (await apiRequest<T>('POST', path, { ...options, json })).data,
  patch: async <T>(path: string, json?: unknown, options: Omit<RequestOptions, 'json'> = {}) =>
    (await apiRequest<T>('PATCH', path, { ...options, json })).data,
  delete: async <T = void>(path: string, options: RequestOptions = {}) =>
    (await apiRequest<T>('DELETE', path, options)).data,
  send: apiRequest,
};
