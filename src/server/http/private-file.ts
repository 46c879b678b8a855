import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../services/media/object-store.ts';

/**
 * Sends a private file (a license, an inspection photo, a PDF made for this call): never kept by
 * the browser, a proxy or the service worker, and if opened as a page of this site it runs in a
 * sandbox (no script, no origin). `filename` makes it a download rather than something the browser
 * shows.
 */
export function sendPrivateFile(reply: FastifyReply, file: StoredObject, type: string, filename?: string): Readable;
export function sendPrivateFile(reply: FastifyReply, bytes: Uint8Array, type: string, filename?: string): Buffer;
export function sendPrivateFile(
  reply: FastifyReply,
  stored: StoredObject | Uint8Array,
  type: string,
  filename?: string,
): Readable | Buffer {
  const file = stored instanceof Uint8Array ? { body: Buffer.from(stored), size: stored.byteLength } : stored;
  reply.headers({
    'Content-Type': type,
    'Content-Length': String(file.size),
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
    'Content-Security-Policy': 'sandbox',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  return file.body;
}
