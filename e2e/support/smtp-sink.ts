import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Playwright's global setup: a real SMTP server for the e2e run. The app server sends to it
 * (playwright.config.ts gives the app SMTP_URL), and it keeps every message it receives as an
 * .eml file in E2E_MAIL_DIR, one per recipient, named `<ISO time>-<n>-<recipient>.eml`, where the
 * specs read them (e2e/support/mail.ts). Returns the teardown that stops it.
 */
export default async function startSmtpSink(): Promise<() => Promise<void>> {
  const folder = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!folder || !Number.isInteger(port)) throw new Error('Run the e2e specs through playwright.config.ts.');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  let received = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const writes = session.envelope.rcptTo.map((recipient) => {
          received += 1;
          const name = `${stamp}-${String(received).padStart(5, '0')}-${recipient.address.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
          return writeFile(path.join(folder, name), message);
        });
        Promise.all(writes).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
