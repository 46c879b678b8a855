import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request over a plain socket, for what app.inject cannot do: the test sends the
 * headers (with any Content-Length it likes), then as much of the body as it chooses, and can
 * read the reply while the rest of the body is still unsent, as with a slow phone upload.
 */
export class RawRequest {
  /** The reply, as soon as the server has sent all of it. */
  readonly response: Promise<RawResponse>;
  /** Settles when the connection is closed, by either side. */
  readonly closed: Promise<void>;
  bytesSent = 0;
  private answered = false;
  private readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    let received = Buffer.alloc(0);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    this.response = new Promise((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const parsed = parseResponse(received);
        if (parsed && !this.answered) {
          this.answered = true;
          resolve(parsed);
        }
      });
      // An error after the whole reply (a reset as the server drops the connection) changes nothing.
      socket.on('error', (error) => {
        if (!this.answered) reject(new Error(`${error.message} with ${received.length} bytes of a reply`));
      });
      socket.once('close', () => {
        if (!this.answered) reject(new Error(`connection closed before a whole reply (${received.length} bytes)`));
      });
    });
    // Rejections are read through `response`; this keeps an unread one from failing the run.
    this.response.catch(() => undefined);
  }

  /** Connects and sends the request line and headers; the body is up to the caller. */
  static async open(port: number, method: string, path: string, headers: Record<string, string>): Promise<RawRequest> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const request = new RawRequest(socket);
    const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    return request;
  }

  /**
   * Sends part of the body and waits until the socket takes more (or a reply or close ends the
   * wait). False when nothing could be sent: the server has replied or the connection is gone.
   */
  async write(chunk: Buffer | string): Promise<boolean> {
    if (this.socket.destroyed || this.answered) return false;
    const data = Buffer.from(chunk);
    this.bytesSent += data.length;
    const more = this.socket.write(data);
    // Let the socket read what the server sent before the next write: its reply may be there.
    await new Promise((resolve) => setImmediate(resolve));
    if (more) return true;
    await Promise.race([
      new Promise((resolve) => this.socket.once('drain', resolve)),
      this.response.catch(() => undefined),
      this.closed,
    ]);
    return true;
  }

  close(): void {
    this.socket.destroy();
  }
}

function parseResponse(data: Buffer): RawResponse | null {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...headerLines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (data.length < end + 4 + length) return null;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: data.subarray(end + 4, end + 4 + length).toString('utf8'),
  };
}

/** A hand-made multipart body, part by part, so a test can cut it anywhere or get it wrong on purpose. */
export class MultipartWriter {
  constructor(readonly boundary = `----fleet-test-${Math.random().toString(16).slice(2)}`) {}

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  field(name: string, value: string): Buffer {
    return Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }

  /** A file part's headers; its bytes follow, then `fileEnd()`. */
  fileStart(name: string, filename: string, type: string): Buffer {
    return Buffer.from(
      `--${this.boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    );
  }

  file(name: string, filename: string, type: string, data: Buffer): Buffer {
    return Buffer.concat([this.fileStart(name, filename, type), data, this.fileEnd()]);
  }

  fileEnd(): Buffer {
    return Buffer.from('\r\n');
  }

  /** A part with the given raw headers (no name, another disposition…). */
  rawPart(headers: string, value: string): Buffer {
    return Buffer.from(`--${this.boundary}\r\n${headers}\r\n\r\n${value}\r\n`);
  }

  end(): Buffer {
    return Buffer.from(`--${this.boundary}--\r\n`);
  }

  body(...parts: Buffer[]): Buffer {
    return Buffer.concat([...parts, this.end()]);
  }
}
