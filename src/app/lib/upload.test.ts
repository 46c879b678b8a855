import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client.ts';
import { apiUpload } from './upload.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

type Answer = { status: number; body?: unknown; headers?: string } | 'network-error';

/** A fake XMLHttpRequest: reports progress in two steps, then answers as `answer` says. */
function fakeXhr(answer: (sent: Sent, count: number) => Answer) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.responseHeaders;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const call = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        withCredentials: this.withCredentials,
        body,
      };
      sent.push(call);
      const reply = answer(call, sent.length);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        if (reply === 'network-error') {
          this.onerror?.();
          return;
        }
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.responseHeaders = reply.headers ?? 'content-type: application/json\r\n';
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** fetch is still used for csrf/ and token/refresh/. */
function fakeFetch(refreshOk = true) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      if (String(input) === '/api/csrf/') return new Response(JSON.stringify({ csrfToken: 'csrf-9' }), { status: 200 });
      return new Response('{}', { status: refreshOk ? 200 : 401 });
    }),
  );
  return urls;
}

describe('apiUpload (multipart with progress)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the form with cookies and the CSRF header, reports progress and parses the reply', async () => {
    fakeFetch();
    const sent = fakeXhr(() => ({
      status: 201,
      body: { id: 7 },
      headers: 'Content-Type: application/json\r\nX-Total-Count: 1\r\n',
    }));
    const progress: number[] = [];
    const form = new FormData();
    form.append('make', 'Toyota');
    const reply = await apiUpload<{ id: number }>('POST', 'staff-vehicles/', form, (fraction) =>
      progress.push(fraction),
    );
    expect(reply.data).toEqual({ id: 7 });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-total-count')).toBe('1');
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/staff-vehicles/',
      withCredentials: true,
      headers: { Accept: 'application/json', 'X-CSRFToken': 'csrf-9' },
    });
    expect(sent[0]?.body).toBe(form);
  });

  it('on a 401 refreshes once and sends the form once more', async () => {
    const urls = fakeFetch();
    const sent = fakeXhr((_call, count) =>
      count === 1 ? { status: 401, body: { error: 'Please sign in.' } } : { status: 200, body: { ok: true } },
    );
    const reply = await apiUpload('PATCH', 'staff-vehicles/3/', new FormData(), () => undefined);
    expect(reply.data).toEqual({ ok: true });
    expect(sent.map((call) => call.method)).toEqual(['PATCH', 'PATCH']);
    expect(urls.filter((url) => url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('maps an error reply to ApiError with its fields, and no answer to NetworkError', async () => {
    fakeFetch();
    fakeXhr(() => ({ status: 400, body: { error: 'Check the form.', fields: { make: ['Make is required.'] } } }));
    const refused = await apiUpload('POST', 'staff-vehicles/', new FormData(), () => undefined).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).fields).toEqual({ make: ['Make is required.'] });

    fakeXhr(() => 'network-error');
    const offline = await apiUpload('POST', 'staff-vehicles/', new FormData(), () => undefined).catch(
      (error: unknown) => error,
    );
    expect(offline).toBeInstanceOf(NetworkError);
  });

  it('reads a 204 as no data', async () => {
    fakeFetch();
    fakeXhr(() => ({ status: 204, headers: '' }));
    const reply = await apiUpload('PATCH', 'staff-vehicles/3/', new FormData(), () => undefined);
    expect(reply.status).toBe(204);
    expect(reply.data).toBeUndefined();
  });
});
