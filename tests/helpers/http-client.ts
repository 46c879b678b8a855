import type { MultipartValue } from './client.ts';

export interface HttpReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like caller of a server process over real HTTP (TestClient's twin for app.inject):
 * keeps cookies, fetches and echoes the CSRF token. `forwardedFor` is sent as X-Forwarded-For,
 * which a server started with TRUST_PROXY=1 takes as the client's address.
 */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly options: { forwardedFor?: string } = {},
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same session (cookies) sent to another server process. */
  on(baseUrl: string): HttpClient {
    return new HttpClient(baseUrl, this.options, this.cookies);
  }

  get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<HttpReply<T>> {
    return this.send<T>('GET', url, undefined, headers);
  }

  delete<T = unknown>(url: string): Promise<HttpReply<T>> {
    return this.send<T>('DELETE', url, undefined, {});
  }

  post<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpReply<T>> {
    return this.send<T>('POST', url, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  }

  multipart<T = unknown>(
    method: 'POST' | 'PATCH',
    url: string,
    fields: Record<string, MultipartValue>,
  ): Promise<HttpReply<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'object')
          form.append(name, new Blob([Uint8Array.from(item.data)], { type: item.type }), item.name);
        else form.append(name, String(item));
      }
    }
    return this.send<T>(method, url, form, {});
  }

  async login(username: string, password: string): Promise<HttpReply> {
    const reply = await this.post('/api/login/', { username, password });
    if (reply.status !== 200)
      throw new Error(`login ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }

  private async send<T>(
    method: string,
    url: string,
    body: string | FormData | undefined,
    extra: Record<string, string>,
  ): Promise<HttpReply<T>> {
    if (method !== 'GET' && !this.cookies.has('csrftoken')) await this.send('GET', '/api/csrf/', undefined, {});
    const headers: Record<string, string> = { ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    const reply = await fetch(`${this.baseUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await reply.text();
    const json = (reply.headers.get('content-type') ?? '').includes('application/json') && text !== '';
    return { status: reply.status, body: (json ? JSON.parse(text) : text) as T, headers: reply.headers };
  }
}
