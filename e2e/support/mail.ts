import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mail the e2e server sends. With no SMTP_URL it writes each message to
 * `${DATA_DIR}/mail/*.eml` (src/server/services/mail.ts); playwright.config.ts puts that data
 * folder in E2E_DATA_DIR for the test workers.
 */
export function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts.');
  return path.join(dataDir, 'mail');
}

/** The text of an .eml body, undoing its transfer encoding (long lines come quoted-printable, folded with `=\n`). */
function decodeBody(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const unfolded = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      unfolded.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/** The newest mail to `to` written at or after `since`, or null while there is none. */
async function newestMail(to: string, since: Date): Promise<string | null> {
  const suffix = `-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
  let names: string[];
  try {
    names = await readdir(mailDir());
  } catch {
    return null; // no mail sent yet: the folder is made with the first one
  }
  // Names start with the ISO time they were written, so they sort oldest first.
  for (const name of names
    .filter((candidate) => candidate.endsWith(suffix))
    .sort()
    .reverse()) {
    const file = path.join(mailDir(), name);
    if ((await stat(file)).mtime.getTime() < since.getTime() - 1000) break;
    return readFile(file, 'utf8');
  }
  return null;
}

/**
 * Waits for the newest password-reset mail to `to` (sent at or after `since`) and returns the
 * reset link in it. The server sends the mail after answering, so it may land a moment later.
 */
export async function waitForResetLink(to: string, since = new Date(0)): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const eml = await newestMail(to, since);
        link = eml ? /https?:\/\/\S+\/password-reset\/\S+/.exec(decodeBody(eml))?.[0] : undefined;
        return link;
      },
      { message: `a password reset mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!link) throw new Error(`No reset link in the mail to ${to}.`);
  return link;
}
