import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors.ts';
import { ReceivedFile } from '../http/request-body.ts';
import {
  claimKey,
  completeKey,
  findKey,
  purgeKeysBefore,
  reclaimDeadClaim,
  releaseKey,
} from '../repositories/idempotency.ts';
import { DEAD_AFTER_MS } from './process-heartbeat.ts';
import { MAX_JSON_DEPTH, TOO_DEEP } from './request-body.ts';

/** Keys are kept for 8 days: an offline tablet may replay after a long weekend (at least 7). */
const RETENTION_MS = 8 * 24 * 60 * 60 * 1000;
/**
 * A claim still running after this long belongs to a run that died, even in a live process; the
 * next replay takes it. A claim of a process that stopped beating is taken at once (DEAD_AFTER_MS).
 */
const STALE_MS = 2 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 10_000;
/** Replies worth repeating: a 5xx, a sign-in prompt or a rate limit say nothing final. */
const NOT_STORED = new Set([401, 408, 429]);
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,128}$/;
/** Calls whose reply sets session cookies: a stored reply would replay the body without them. */
const SESSION_ROUTES = new Set(['/api/login/', '/api/token/refresh/', '/api/logout/']);

interface Claim {
  scope: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/**
 * `Idempotency-Key` on POST and PATCH: the first request with a key runs and its reply is
 * stored; the same key and body again gets the stored reply without running anything; the same
 * key with another body is refused (422); a duplicate arriving mid-run waits for the first. A
 * claim is held by this process (`bootId`, process-heartbeat.ts): one left by a process that
 * died mid-run is taken over by the next replay.
 */
export function registerIdempotency(app: FastifyInstance, bootId: string): void {
  app.decorateRequest('idempotencyClaim', null);
  const { db } = app.deps;
  const iso = (offsetMs = 0) => new Date(app.deps.now().getTime() + offsetMs).toISOString();

  app.addHook('preHandler', async (request, reply) => {
    if ((request.method !== 'POST' && request.method !== 'PATCH') || !request.url.startsWith('/api/')) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined || SESSION_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw new HttpError(400, 'Idempotency-Key must be 8 to 128 letters, digits, - or _ (a UUID is ideal).');
    }
    // A public call (a visitor's booking request) keeps one scope whoever is signed in when it is
    // replayed: a device that signs in between the lost reply and the resend must not run it twice.
    const isPublic = request.routeOptions.config.access === 'public';
    const scope = request.user && !isPublic ? `user:${request.user.id}` : 'anonymous';
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;

    for (;;) {
      if (await claimKey(db, scope, key, hash, iso(), bootId)) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const existing = await findKey(db, scope, key);
      if (!existing) continue; // released by a failed first run between our two reads: claim again
      if (existing.request_hash !== hash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      }
      if (existing.state === 'done') {
        reply.header('Idempotent-Replayed', 'true');
        if (existing.content_type) reply.header('Content-Type', existing.content_type);
        return reply.code(existing.status_code ?? 200).send(existing.response_body ?? '');
      }
      const takenOver = await reclaimDeadClaim(
        db,
        { scope, key },
        { now: iso(), owner: bootId, staleBefore: iso(-STALE_MS), aliveSince: iso(-DEAD_AFTER_MS) },
      );
      if (takenOver) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      if (Date.now() > deadline) {
        throw new HttpError(
          409,
          'A request with this Idempotency-Key is still being processed. Try again shortly.',
          undefined,
          {
            'Retry-After': '2',
          },
        );
      }
      await sleep(50);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const status = reply.statusCode;
    if (
      status >= 500 ||
      NOT_STORED.has(status) ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload) && payload !== null)
    ) {
      await releaseKey(db, claim.scope, claim.key);
    } else {
      const contentType = reply.getHeader('content-type');
      await completeKey(db, claim.scope, claim.key, {
        statusCode: status,
        body: payload === null ? '' : payload.toString(),
        contentType: typeof contentType === 'string' ? contentType : null,
      });
    }
    return payload;
  });

  const purge = () =>
    purgeKeysBefore(db, iso(-RETENTION_MS)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'idempotency purge failed'),
    );
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Method, route, params and body (files by their content's digest), in a stable order. */
function requestHash(request: FastifyRequest): string {
  const canonical = JSON.stringify([
    request.method,
    request.routeOptions.url,
    request.params ?? null,
    normalise(request.body),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Bodies are bounded in depth when parsed; the bound is kept here too, so no body can overflow the stack. */
function normalise(value: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH + 1) throw badRequest(TOO_DEEP);
  if (value instanceof ReceivedFile) {
    return { file: createHash('sha256').update(value.data).digest('hex'), name: value.filename, type: value.mimetype };
  }
  if (Array.isArray(value)) return value.map((item) => normalise(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, normalise((value as Record<string, unknown>)[key], depth + 1)]),
    );
  }
  return value ?? null;
}
