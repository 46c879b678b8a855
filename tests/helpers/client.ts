import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface FileSpec {
  name: string;
  type: string;
  data: Buffer | Uint8Array;
}

export type MultipartValue = string | number | FileSpec | (string | number | FileSpec)[];

export interface SendOptions {
  headers?: Record<string, string>;
  /** Leave out the CSRF header, to prove the refusal. */
  withoutCsrf?: boolean;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/**
 * A browser-like caller for app.inject: keeps cookies between calls, fetches and echoes the
 * CSRF token like the app does, and builds multipart bodies with the platform's FormData.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  /**
   * `remoteAddress` is the address the server sees (127.0.0.1 unless given): the limits on
   * anonymous writes count per address, so a test making many of them spreads them over several.
   */
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { remoteAddress?: string } = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  forgetCookie(name: string): void {
    this.cookies.delete(name);
  }

  async get<T = unknown>(url: string, options: SendOptions = {}): Promise<Reply<T>> {
    return this.request<T>('GET', url, undefined, options);
  }

  async delete<T = unknown>(url: string, options: SendOptions = {}): Promise<Reply<T>> {
    return this.request<T>('DELETE', url, undefined, options);
  }

  async post<T = unknown>(url: string, body?: unknown, options: SendOptions = {}): Promise<Reply<T>> {
    return this.request<T>('POST', url, body, options);
  }

  async patch<T = unknown>(url: string, body?: unknown, options: SendOptions = {}): Promise<Reply<T>> {
    return this.request<T>('PATCH', url, body, options);
  }

  async put<T = unknown>(url: string, body?: unknown, options: SendOptions = {}): Promise<Reply<T>> {
    return this.request<T>('PUT', url, body, options);
  }

  async multipart<T = unknown>(
    method: 'POST' | 'PATCH',
    url: string,
    fields: Record<string, MultipartValue | null | undefined>,
    options: SendOptions = {},
  ): Promise<Reply<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value === null || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        // A copy backed by a plain ArrayBuffer: the DOM typings refuse a Buffer that might share memory.
        if (typeof item === 'object')
          form.append(name, new Blob([Uint8Array.from(item.data)], { type: item.type }), item.name);
        else form.append(name, String(item));
      }
    }
    const encoded = new Response(form);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return this.send<T>(method, url, payload, {
      ...options,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '', ...options.headers },
    });
  }

  /** A body sent as given, with its content type (malformed uploads, hostile input). */
  async raw<T = unknown>(
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: string | Buffer,
    contentType: string,
    options: SendOptions = {},
  ): Promise<Reply<T>> {
    return this.send<T>(method, url, payload, {
      ...options,
      headers: { 'content-type': contentType, ...options.headers },
    });
  }

  /** The cookie and CSRF headers this client would send, for a request made over a real socket. */
  async sessionHeaders(): Promise<Record<string, string>> {
    if (!this.cookies.has('csrftoken')) await this.send('GET', '/api/csrf/', undefined, {});
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
    };
  }

  /** Signs in through the real login call. */
  async login(username: string, password = 'fleet-demo'): Promise<Reply> {
    const reply = await this.post('/api/login/', { username, password });
    if (reply.status !== 200)
      throw new Error(`login ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }

  private async request<T>(method: string, url: string, body: unknown, options: SendOptions): Promise<Reply<T>> {
    const json = body !== undefined;
    return this.send<T>(method, url, json ? JSON.stringify(body) : undefined, {
      ...options,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...options.headers },
    });
  }

  private async send<T>(
    method: string,
    url: string,
    payload: string | Buffer | undefined,
    options: SendOptions,
  ): Promise<Reply<T>> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && !options.withoutCsrf && !this.cookies.has('csrftoken'))
      await this.send('GET', '/api/csrf/', undefined, {});
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (unsafe && !options.withoutCsrf && csrf) headers['x-csrftoken'] = csrf;
    const raw = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
    for (const cookie of raw.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) ||
        cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const type = String(raw.headers['content-type'] ?? '');
    const parsed: unknown = type.includes('application/json') && raw.body ? JSON.parse(raw.body) : raw.body;
    return { status: raw.statusCode, body: parsed as T, headers: raw.headers, raw };
  }
}

let addresses = 0;

/** A client address no other caller in this test process has used (100.64.0.0/10, shared address space). */
export function anotherAddress(): string {
  addresses += 1;
  return `100.${64 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A client signed in as `username` through the real login call. */
export async function signedIn(app: FastifyInstance, username: string, password?: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(username, password);
  return client;
}

/** A signed-in client for every user of the fixtures' world, and a signed-out one. */
export async function worldClients(app: FastifyInstance) {
  const [staff, agency, agent, agencyB, customer, customer2] = await Promise.all([
    signedIn(app, 'staff'),
    signedIn(app, 'agency'),
    signedIn(app, 'agent'),
    signedIn(app, 'agencyb'),
    signedIn(app, 'customer'),
    signedIn(app, 'customer2'),
  ]);
  return { anonymous: new TestClient(app), staff, agency, agent, agencyB, customer, customer2 };
}
