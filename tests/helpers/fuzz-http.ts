import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, sent as given. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The source address on the loopback (127.x.y.z), so callers can be told apart by address. */
  from?: string;
}

export type RawOutcome =
  | { kind: 'reply'; status: number; headers: http.IncomingHttpHeaders; body: Buffer }
  /** The connection ended without a whole reply: reset, closed, or no answer in time. */
  | { kind: 'dropped'; reason: string };

/**
 * One request on its own TCP connection to a listening server, with the bytes and headers given
 * (a lying Content-Type, a body cut short), so that a server that drops the connection shows.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 15_000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const client = http.request({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.path,
      // Node frames a GET or DELETE body only when told its length; the server must see it as a body.
      headers: {
        ...request.headers,
        ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        connection: 'close',
      },
      localAddress: request.from,
      agent: false,
    });
    client.setTimeout(timeoutMs, () => {
      settle({ kind: 'dropped', reason: `no reply within ${timeoutMs} ms` });
      client.destroy();
    });
    client.on('error', (error: NodeJS.ErrnoException) =>
      settle({ kind: 'dropped', reason: error.code ?? error.message }),
    );
    client.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'dropped', reason: `mid-reply: ${error.code ?? error.message}` }),
      );
      response.on('aborted', () => settle({ kind: 'dropped', reason: 'reply aborted' }));
      response.on('end', () =>
        settle({
          kind: 'reply',
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    client.end(request.body);
  });
}
