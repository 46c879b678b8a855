import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A postgres:// URL switches the store to PostgreSQL; null means the embedded SQLite file. */
  databaseUrl: string | null;
  smtpUrl: string | null;
  /** Where users reach the app; links in e-mails point here. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set; otherwise publicUrl is the localhost default. */
  publicUrlSet: boolean;
  currency: string;
  /** Serve the built app from this folder, when it exists. */
  appDir: string | null;
}

export class ConfigError extends Error {}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${value}".`);
  }
  return parsed;
}

function url(name: string, value: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, not "${value}".`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, not "${value}".`);
  }
  return value;
}

/** Reads configuration from the environment; a bad value stops the start with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const portNumber = port(env.PORT);
  const host = env.HOST?.trim() || '0.0.0.0';
  const currency = (env.CURRENCY?.trim() || 'GBP').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
    throw new ConfigError(`CURRENCY must be an ISO 4217 code such as GBP, not "${env.CURRENCY}".`);
  }
  const databaseUrl = env.DATABASE_URL?.trim()
    ? url('DATABASE_URL', env.DATABASE_URL.trim(), ['postgres:', 'postgresql:'])
    : null;
  const smtpUrl = env.SMTP_URL?.trim() ? url('SMTP_URL', env.SMTP_URL.trim(), ['smtp:', 'smtps:']) : null;
  const publicUrl = url(
    'PUBLIC_URL',
    (env.PUBLIC_URL?.trim() || `http://localhost:${portNumber}`).replace(/\/+$/, ''),
    ['http:', 'https:'],
  );
  return {
    port: portNumber,
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    smtpUrl,
    publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL?.trim()),
    currency,
    appDir: path.resolve(cwd, 'dist/app'),
  };
}
