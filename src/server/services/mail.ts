import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './file-modes.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a signed agreement's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const FROM = 'Fleet Rental <no-reply@fleet-rental.local>';

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * the data folder and logs where, so password reset works on a machine with no mail server.
 */
export function createMailer(options: { smtpUrl: string | null; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      // The messages hold password-reset links: for the server's user only.
      await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      options.log.info({ file, to: message.to, subject: message.subject }, 'mail written to file (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}

/**
 * Mail that tells of a write already committed: `build` reads what the mail says and gives the
 * messages, which are handed to the mailer without waiting for delivery. Nothing here throws: a
 * failing read or mail server is logged, and the committed write's reply goes out as it is.
 */
export async function mailAfterCommit(
  mailer: Mailer,
  log: FastifyBaseLogger,
  what: string,
  context: Record<string, unknown>,
  build: () => Promise<MailMessage[]>,
): Promise<void> {
  const failed = (error: unknown) => log.error({ err: error, ...context }, `${what} mail failed`);
  try {
    for (const message of await build()) void mailer.send(message).catch(failed);
  } catch (error) {
    failed(error);
  }
}
