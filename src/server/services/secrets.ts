import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './file-modes.ts';

export interface Secrets {
  /** Signs access tokens (HS256). */
  jwtKey: Uint8Array;
  /** Signs CSRF tokens, so the server accepts only tokens it made. */
  csrfKey: Uint8Array;
}

/**
 * Every other key is derived from the one secret, so several processes that share JWT_SECRET (or
 * the data folder) agree on all of them, and an operator has one value to set and rotate.
 */
function fromJwtKey(jwtKey: Uint8Array): Secrets {
  return { jwtKey, csrfKey: createHmac('sha256', jwtKey).update('fleet-rental csrf token key').digest() };
}

/**
 * Secrets come from JWT_SECRET when given; otherwise one is generated into the data folder on
 * first start and read back afterwards, so sessions survive a restart.
 */
export async function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  if (env.JWT_SECRET && env.JWT_SECRET.length >= 32) {
    return fromJwtKey(new TextEncoder().encode(env.JWT_SECRET));
  }
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtKey?: string };
    if (stored.jwtKey) return fromJwtKey(Buffer.from(stored.jwtKey, 'base64'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwtKey = randomBytes(48);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await writeFile(file, JSON.stringify({ jwtKey: jwtKey.toString('base64') }), {
    mode: PRIVATE_FILE_MODE,
    flag: 'wx',
  }).catch(async (error: NodeJS.ErrnoException) => {
    // Another process won the race: use what it wrote.
    if (error.code !== 'EEXIST') throw error;
  });
  const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtKey: string };
  return fromJwtKey(Buffer.from(stored.jwtKey, 'base64'));
}
