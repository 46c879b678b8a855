import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { rawRequest } from '../helpers/fuzz-http.ts';

/** Bytes written as they are on one connection; resolves with everything the server sent back. */
function rawBytes(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

describe(`requests Node's parser refuses before any route (${ENGINE})`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t.close();
  });

  it('an address over the header limit gets 431 with the API error shape and private, no-store', async () => {
    const outcome = await rawRequest(port, {
      method: 'GET',
      path: `/api/customers/1/analytics/?q=${'%F0%9F%98%80'.repeat(2_000)}`,
      headers: {},
    });
    if (outcome.kind !== 'reply') throw new Error(`dropped: ${outcome.reason}`);
    expect(outcome.status).toBe(431);
    expect(outcome.headers['cache-control']).toBe('private, no-store');
    expect(outcome.headers['x-content-type-options']).toBe('nosniff');
    expect(outcome.headers['content-type']).toContain('application/json');
    expect(JSON.parse(outcome.body.toString('utf8'))).toEqual({
      error: 'The request headers or address are too long.',
    });
  });

  it('a broken request line gets 400 with the API error shape', async () => {
    const reply = await rawBytes(port, 'GET /api/health/ HTTP/9.Z\r\nHost: x\r\n\r\n');
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head.toLowerCase()).toContain('cache-control: private, no-store');
    expect(JSON.parse(body)).toEqual({ error: 'The request is not valid HTTP.' });
  });
});
