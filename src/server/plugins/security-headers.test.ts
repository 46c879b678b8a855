import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_HASH, SECURITY_HEADERS } from './security-headers.ts';

const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
/** Inline scripts: a `<script>` without `src` (Vite leaves classic inline scripts as they are). */
const inlineScripts = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  ([, body]) => body ?? '',
);

describe('the loading shell script in the Content-Security-Policy', () => {
  it('is the only inline script of index.html, and the policy allows exactly its hash', () => {
    expect(inlineScripts).toHaveLength(1);
    const hash = `sha256-${createHash('sha256')
      .update(inlineScripts[0] ?? '')
      .digest('base64')}`;
    expect(BOOT_SCRIPT_HASH).toBe(hash);
    const scriptSrc = SECURITY_HEADERS['content-security-policy']?.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' '${hash}'`);
  });
});
