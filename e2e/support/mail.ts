import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mail the e2e server sends. playwright.config.ts gives the server SMTP_URL pointing at the
 * test SMTP server (e2e/support/smtp-sink.ts), which writes each message it receives, once per
 * recipient, to `E2E_MAIL_DIR/<ISO time>-<n>-<recipient>.eml`.
 */
export function mailDir(): string {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: run the specs through playwright.config.ts.');
  return folder;
}

/** A received message: its subject and its text, transfer encoding undone. */
export interface ReceivedMail {
  subject: string;
  text: string;
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

/** The Subject header, unfolded; an encoded word (non-ASCII subjects) is decoded. */
function subjectOf(eml: string): string {
  const headers = eml.slice(0, eml.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const raw = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  return raw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Every message to `to` received at or after `since`, oldest first. */
async function mailsSince(to: string, since: Date): Promise<string[]> {
  const suffix = `-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
  let names: string[];
  try {
    names = await readdir(mailDir());
  } catch {
    return []; // the test SMTP server has not started yet
  }
  const found: string[] = [];
  // Names start with the ISO time they were received, so they sort oldest first.
  for (const name of names.filter((candidate) => candidate.endsWith(suffix)).sort()) {
    const file = path.join(mailDir(), name);
    if ((await stat(file)).mtime.getTime() >= since.getTime() - 1000) found.push(await readFile(file, 'utf8'));
  }
  return found;
}

/** Every message to `to` received at or after `since`, oldest first, as subject and text. */
export async function receivedMails(to: string, since = new Date(0)): Promise<ReceivedMail[]> {
  return (await mailsSince(to, since)).map((eml) => ({ subject: subjectOf(eml), text: decodeBody(eml) }));
}

/**
 * Waits for the first message to `to` (received at or after `since`, and whose text matches
 * `matching` when given) and returns it. The server may send a moment after it has answered the
 * call that causes the mail.
 */
export async function waitForMail(to: string, since = new Date(0), matching?: RegExp): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await receivedMails(to, since)).find((received) => !matching || matching.test(received.text));
        return mail !== undefined;
      },
      { message: `a mail to ${to}${matching ? ` matching ${String(matching)}` : ''}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!mail) throw new Error(`No mail to ${to}.`);
  return mail;
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
        const eml = (await mailsSince(to, since)).at(-1);
        link = eml ? /https?:\/\/\S+\/password-reset\/\S+/.exec(decodeBody(eml))?.[0] : undefined;
        return link;
      },
      { message: `a password reset mail to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!link) throw new Error(`No reset link in the mail to ${to}.`);
  return link;
}
