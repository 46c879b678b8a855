import * as v from 'valibot';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#domain/constants';
import { PARSE_CONFIG } from '#domain/schemas/parse';
import type { AuthUser, Deps } from '../context.ts';
import type { UploadedFile } from '../services/images.ts';
import { badRequest, forbidden, type HttpError, unauthorized, type FieldErrors } from './errors.ts';
import { checkBodyType, type FileFields, readMultipart, ReceivedFile } from './request-body.ts';

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signed-in' | readonly Role[];

type AnySchema = v.GenericSchema<unknown, unknown>;
type Out<S> = S extends AnySchema ? v.InferOutput<S> : undefined;
type UserFor<A extends Access> = A extends 'public' ? AuthUser | null : AuthUser;

export interface RouteContext<A extends Access, B, P, Q> {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  user: UserFor<A>;
  body: B;
  params: P;
  query: Q;
  /** Files of a multipart body, by field name. */
  files: Record<string, UploadedFile[]>;
}

export interface RouteSpec<A extends Access, BS, PS, QS> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path under /api/, e.g. "staff-vehicles/:id/"; a trailing slash is optional for callers. */
  url: string;
  access: A;
  body?: BS;
  params?: PS;
  query?: QS;
  /**
   * The file fields the call takes in a multipart body, with their limits. Without them the call
   * takes JSON only (a multipart body is refused with 415).
   */
  files?: FileFields;
  /**
   * A check of the caller against the record the URL names (e.g. the booking's agency), run with
   * the access check, before any of the body is read: a large upload to someone else's record is
   * refused without being received.
   */
  guard?(context: { deps: Deps; user: UserFor<A>; params: Out<PS> }): Promise<void>;
  /** Status of a successful reply; 201 for POST unless said otherwise. */
  status?: number;
  handler(context: RouteContext<A, Out<BS>, Out<PS>, Out<QS>>): Promise<unknown>;
}

/**
 * Registers one API operation: access check and the body's type before any of the body is read,
 * then the body (a multipart one within the call's file limits), validation and the handler.
 */
export function defineRoute<
  const A extends Access,
  BS extends AnySchema | undefined = undefined,
  PS extends AnySchema | undefined = undefined,
  QS extends AnySchema | undefined = undefined,
>(spec: RouteSpec<A, BS, PS, QS>): (app: FastifyInstance) => void {
  const fileFields = spec.files;
  return (app) => {
    app.route({
      method: spec.method,
      url: `/api/${spec.url.replace(/^\/+/, '')}`,
      config: { access: spec.access },
      // A public GET has no caller and no body to check: no hook at all on the busiest calls.
      ...(spec.access === 'public' && spec.method === 'GET'
        ? {}
        : {
            onRequest: async (request: FastifyRequest) => {
              const user = authorize(spec.access, request.user);
              refuseSuspendedWrite(spec, request);
              checkBodyType(request, fileFields);
              if (spec.guard) {
                const params = parse(spec.params, request.params) as Out<PS>;
                await spec.guard({ deps: app.deps, user: user as UserFor<A>, params });
              }
            },
          }),
      ...(fileFields
        ? {
            preValidation: async (request: FastifyRequest) => {
              if (request.isMultipart()) request.body = await readMultipart(request, fileFields);
            },
          }
        : {}),
      handler: async (request, reply) => {
        // Checked before the body was read; again here for the user's type.
        const user = authorize(spec.access, request.user);
        const { fields, files } = splitFiles(request.body);
        const context = {
          request,
          reply,
          deps: app.deps,
          user,
          body: parse(spec.body, fields ?? {}),
          params: parse(spec.params, request.params),
          query: parse(spec.query, request.query),
          files,
        } as RouteContext<A, Out<BS>, Out<PS>, Out<QS>>;
        const result = await spec.handler(context);
        // With async onSend hooks `sent` is still false here: a handler that sent its own reply returns it.
        if (result === reply || reply.sent) return reply;
        if (result === undefined) return reply.code(204).send();
        return reply.code(spec.status ?? (spec.method === 'POST' ? 201 : 200)).send(result);
      },
    });
  };
}

export const AGENCY_SUSPENDED = 'Your agency is suspended: you can view your data but not change it.';

/**
 * A suspended agency's users keep reading their data but change none of it: every unsafe call of
 * a role-restricted route is refused here, once for all routes (decision 029). Calls open to any
 * signed-in user (their own password, signing out) stay open: they concern the person, not the agency.
 */
function refuseSuspendedWrite(spec: { method: string; access: Access }, request: FastifyRequest): void {
  if (spec.method === 'GET' || !request.agencySuspended || typeof spec.access === 'string') return;
  throw forbidden(AGENCY_SUSPENDED);
}

function authorize(access: Access, user: AuthUser | null): AuthUser | null {
  if (access === 'public') return user;
  if (!user) throw unauthorized();
  if (access !== 'signed-in' && !access.includes(user.role)) throw forbidden();
  return user;
}

function parse(schema: AnySchema | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (result.success) return result.output;
  throw validationError(result.issues);
}

export function validationError(issues: readonly v.BaseIssue<unknown>[]): HttpError {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]);
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    // "pickup_locations.0" is reported on the form field "pickup_locations".
    const name = key.split('.')[0] ?? key;
    if (messages) fields[name] = [...(fields[name] ?? []), ...messages];
  }
  const first = issues[0]?.message ?? 'The request is not valid.';
  const count = Object.keys(fields).length;
  return badRequest(count > 1 ? `Please correct the ${count} highlighted fields.` : first, count ? fields : undefined);
}

/** Multipart bodies carry files beside fields; routes validate the fields and get files apart. */
function splitFiles(body: unknown): {
  fields: Record<string, unknown> | undefined;
  files: Record<string, UploadedFile[]>;
} {
  const files: Record<string, UploadedFile[]> = {};
  if (body === null || body === undefined) return { fields: undefined, files };
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const items = Array.isArray(value) ? value : [value];
    if (items.length > 0 && items.every((item) => item instanceof ReceivedFile)) {
      const received = (items as ReceivedFile[]).filter((file) => file.data.length > 0);
      if (received.length) files[name] = received;
    } else {
      fields[name] = value;
    }
  }
  return { fields, files };
}
