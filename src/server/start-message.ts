import type { Role } from '#domain/constants';
import type { DialectName } from './db/connect.ts';

export interface DemoLogin {
  username: string;
  role: Role;
  /** An agency owner whose agency the operator has not approved yet. */
  pendingApproval?: boolean;
}

export interface StartInfo {
  /** PUBLIC_URL when it was set, else null. */
  publicUrl: string | null;
  /** HOST as configured (the address the server listens on). */
  host: string;
  /** The port the server really listens on (PORT=0 picks a free one). */
  port: number;
  dialect: DialectName;
  /** The SQLite data folder; null on PostgreSQL. */
  dataDir: string | null;
  /** Listed when the database holds the demo data. */
  demoLogins: { password: string; users: readonly DemoLogin[] } | null;
}

/** Addresses that mean "every interface" or "this machine": a browser here opens localhost. */
const LOCAL_HOSTS = new Set(['', '0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The address a person should open: PUBLIC_URL when set, else the listening host and port. */
export function openUrl(info: Pick<StartInfo, 'publicUrl' | 'host' | 'port'>): string {
  if (info.publicUrl) return info.publicUrl;
  const host = info.host.trim();
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${info.port}`;
}

export function demoLoginsLine(password: string, users: readonly DemoLogin[]): string {
  const logins = users.map(
    (user) => `${user.username} (${user.role}${user.pendingApproval ? ', pending approval' : ''})`,
  );
  return `Demo logins (password "${password}"): ${logins.join(', ')}`;
}

/** What `npm start` prints once the server listens. */
export function startMessage(info: StartInfo): string {
  const lines = [
    '',
    `Fleet Rental is running at ${openUrl(info)}`,
    `Database: ${info.dialect}${info.dataDir ? ` (${info.dataDir})` : ''}`,
  ];
  if (info.demoLogins) lines.push(demoLoginsLine(info.demoLogins.password, info.demoLogins.users));
  return lines.join('\n') + '\n';
}
