import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld, type WorldClients } from '../helpers/fixtures.ts';
import { rawRequest } from '../helpers/fuzz-http.ts';

interface Outcome {
  status: number;
  connection: string | undefined;
  setCookie: string[];
  socket: Socket;
}

/**
 * A client that keeps one connection open and sends every request on it, as a browser's pool,
 * Node's fetch and the app's outbox do. A request that gets no reply rejects ("socket hang up").
 */
function keepAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<Outcome>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...(body === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              setCookie: response.headers['set-cookie'] ?? [],
              socket: request.socket as Socket,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

describe(`a write refused before its body is read leaves the connection usable (${ENGINE})`, () => {
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

  it('a small refused body is read and dropped: the next requests go on the same connection and are answered', async () => {
    const client = keepAliveClient(port);
    try {
      const body = JSON.stringify({ notes: 'x'.repeat(2_000) });
      const sockets = new Set<Socket>();
      for (let round = 0; round < 500; round += 1) {
        // No CSRF token: refused by the access check, before the body is read.
        const refused = await client.send('POST', '/api/bookings/', body);
        expect(refused.status).toBe(403);
        expect(refused.connection).toBe('keep-alive');
        const next = await client.send('GET', '/api/health/');
        expect(next.status).toBe(200);
        sockets.add(refused.socket).add(next.socket);
      }
      expect(sockets.size).toBe(1);
    } finally {
      client.close();
    }
  });

  it('a refusal by role or session (401) keeps the connection too', async () => {
    const client = keepAliveClient(port);
    try {
      const csrf = await client.send('GET', '/api/csrf/');
      const token = /csrftoken=([^;]+)/.exec(csrf.setCookie.join('; '))?.[1];
      if (!token) throw new Error('csrf/ set no csrftoken cookie');
      for (let round = 0; round < 500; round += 1) {
        const refused = await client.send('POST', '/api/bookings/', '{"customer":1}', {
          Cookie: `csrftoken=${token}`,
          'X-CSRFToken': decodeURIComponent(token),
        });
        expect(refused.status).toBe(401);
        expect((await client.send('GET', '/api/health/')).status).toBe(200);
      }
    } finally {
      client.close();
    }
  });

  it('a large refused body says Connection: close, and the next request is answered on a new connection', async () => {
    const client = keepAliveClient(port);
    try {
      const body = JSON.stringify({ notes: 'x'.repeat(300_000) });
      for (let round = 0; round < 40; round += 1) {
        const refused = await client.send('POST', '/api/bookings/', body);
        expect(refused.status).toBe(403);
        expect(refused.connection).toBe('close');
        const next = await client.send('GET', '/api/health/');
        expect(next.status).toBe(200);
        expect(next.socket).not.toBe(refused.socket);
      }
    } finally {
      client.close();
    }
  });
});

describe(`a large refused body sent in one go is answered, not reset (${ENGINE})`, () => {
  let t: TestApp;
  let clients: WorldClients;
  let port: number;

  beforeAll(async () => {
    ({ t, clients } = await startWorld());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => t?.close());

  // The session and the Idempotency-Key are looked up first: on PostgreSQL the body piles up in
  // the sockets meanwhile, and the server reads megabytes of it at once after its reply.
  it('the reply reaches a client still sending megabytes; the server stops reading and ends the connection', async () => {
    const headers = await clients.customer.sessionHeaders();
    const outcomes: string[] = [];
    for (const megabytes of [3, 6, 12, 24, 3, 6, 12, 24]) {
      const outcome = await rawRequest(port, {
        method: 'PATCH',
        path: '/api/bookings/1/return-charges/',
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x', 'idempotency-key': randomUUID() },
        body: Buffer.alloc(megabytes * 1024 * 1024, 0x20),
      });
      outcomes.push(outcome.kind === 'reply' ? `${outcome.status} ${outcome.headers.connection}` : outcome.reason);
    }
    expect(outcomes).toEqual(Array(8).fill('404 close'));
  });
});
