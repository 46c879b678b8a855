import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DialectName } from './db/connect.ts';
import type { Database } from './db/types.ts';
import type { MediaStore } from './services/media/media-store.ts';
import type { Mailer } from './services/mail.ts';
import type { Secrets } from './services/secrets.ts';
import type { Role } from '#domain/constants';

/** What every route may use; built once in buildApp and reachable as `app.deps`. */
export interface Deps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  media: MediaStore;
  /** Injected so tests can move time (token expiry, reset links). */
  now(): Date;
}

/** The signed-in caller, read from the access token. */
export interface AuthUser {
  id: number;
  role: Role;
  /** Set for agency and agent users. */
  agencyId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see http/route.ts); plugins read it too. */
    access?: 'public' | 'signed-in' | readonly Role[];
  }
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The version of a staff-side user's booking list, read with their session (plugins/auth.ts). */
    bookingsVersion: number | null;
    /** The caller's agency is suspended: its data can be read, not changed (http/route.ts). */
    agencySuspended: boolean;
  }
}
