import type { FastifyBaseLogger } from 'fastify';

/**
 * Removes files whose records are gone (after the commit) or never came to be (a write that
 * failed). A failure here leaves an orphan file, logged; it never turns a finished write into an
 * error, nor hides the error of a failed one.
 */
export async function removeQuietly(log: FastifyBaseLogger, what: string, remove: () => Promise<void>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    log.warn({ err: error }, `could not remove ${what}`);
  }
}
