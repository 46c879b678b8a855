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
  /** An S3-compatible bucket for media (images, licenses); null keeps them under DATA_DIR. */
  s3: S3Settings | null;
}

export interface S3Settings {
  bucket: string;
  /** For services other than AWS (R2, MinIO…); null means AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (endpoint/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
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

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase();
  if (!text) return fallback;
  if (['1', 'true', 'yes'].includes(text)) return true;
  if (['0', 'false', 'no'].includes(text)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}".`);
}

/** "A", "A and B", "A, B and C". */
function listOf(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

const S3_NAMES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** The bucket settings: all of bucket and keys, or none of the S3_* variables at all. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const given = (name: (typeof S3_NAMES)[number]) => env[name]?.trim() || '';
  const set = S3_NAMES.filter((name) => given(name) !== '');
  if (set.length === 0) return null;
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !given(name));
  if (missing.length) {
    const verb = (names: readonly string[]) => (names.length > 1 ? 'are' : 'is');
    throw new ConfigError(`${listOf(set)} ${verb(set)} set, but ${listOf(missing)} ${verb(missing)} missing.`);
  }
  const bucket = given('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens), not "${bucket}".`,
    );
  }
  const endpoint = given('S3_ENDPOINT') ? url('S3_ENDPOINT', given('S3_ENDPOINT'), ['http:', 'https:']) : null;
  return {
    bucket,
    endpoint,
    region: given('S3_REGION') || 'us-east-1',
    accessKeyId: given('S3_ACCESS_KEY_ID'),
    secretAccessKey: given('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== null),
  };
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
    s3: s3Settings(env),
  };
}
