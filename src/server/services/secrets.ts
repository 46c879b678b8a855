import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  /** Signs access tokens (HS256). */
  jwtKey: Uint8Array;
}

/**
 * Secrets come from JWT_SECRET when given; otherwise one is generated into the data folder on
 * first start and read back afterwards, so sessions survive a restart.
 */
export async function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  if (env.JWT_SECRET && env.JWT_SECRET.length >= 32) {
    return { jwtKey: new TextEncoder().encode(env.JWT_SECRET) };
  }
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtKey?: string };
    if (stored.jwtKey) return { jwtKey: Buffer.from(stored.jwtKey, 'base64') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jwtKey = randomBytes(48);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ jwtKey: jwtKey.toString('base64') }), { mode: 0o600, flag: 'wx' }).catch(
    async (error: NodeJS.ErrnoException) => {
      // Another process won the race: use what it wrote.
      if (error.code !== 'EEXIST') throw error;
    },
  );
  const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtKey: string };
  return { jwtKey: Buffer.from(stored.jwtKey, 'base64') };
}
