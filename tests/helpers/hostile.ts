import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SeededRandom } from './seeded-random.ts';

/*
 * Hostile input for the fuzz suite: ids, strings, dates and numbers a form never sends, JSON that
 * is broken or built to hurt, multipart bodies with lying files or cut short, forged cookies.
 */

/** Path ids that are not ids, or not ones the database has (percent-encoded when sent). */
export const HOSTILE_IDS = [
  '0',
  '-1',
  '1e3',
  '0x10',
  '1.5',
  '123456789012345678901',
  '9007199254740993',
  '00042',
  '+1',
  'abc',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '\u0000',
  ' 1',
  '../../etc/passwd',
  'x'.repeat(300),
  '1; DROP TABLE users',
];

/** Path segments sent as they are: percent-encoding that decodes to nothing valid. */
export const BROKEN_PATH_SEGMENTS = ['%zz', '%E0%A4%A', '%', '%ED%A0%BD', '%C0%AE%C0%AE'];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\r\n',
  'x'.repeat(100_000),
  '😀'.repeat(2000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '2025-02-30',
  '2025-13-01',
  '0000-00-00',
  '2025-2-3',
  '99999-01-01',
  '25:61',
  '9:00',
  '23:59:60',
  '1e3',
  '-1',
  '0x10',
  '123456789012345678901',
  '1.005',
  '-0.00',
  '__proto__',
  'constructor',
  '\ud83d',
  '‮gnp.exe',
];

const HOSTILE_NUMBERS = [0, -1, 1.5, 1e3, 1e308, -1e308, 2 ** 53 + 1, 1.2345678901234568e20, -0, 0.1 + 0.2];

/** Any value of a wrong or extreme kind. */
export function hostileValue(random: SeededRandom): unknown {
  switch (random.int(6)) {
    case 0:
    case 1:
      return random.pick(HOSTILE_STRINGS);
    case 2:
      return random.pick(HOSTILE_NUMBERS);
    case 3:
      return random.pick([true, false, null]);
    case 4:
      return random.pick([[], [1, 2], ['a'], [null], [[[]]], Array.from({ length: 1000 }, (_, i) => i)]);
    default:
      return random.pick<Record<string, unknown>>([{}, { $gt: '' }, { id: 1 }, { toString: 'x' }, { valueOf: 1 }]);
  }
}

/** JSON nested `depth` deep: arrays in arrays, or objects in objects. */
export function deepJson(shape: 'array' | 'object', depth: number): string {
  return shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** The fields as JSON text, with prototype keys before them that JSON.stringify would never write. */
export function withPrototypeKeys(fields: Record<string, unknown>): string {
  const rest = JSON.stringify(fields).slice(1);
  const poison = '"__proto__":{"role":"staff","polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}';
  return `{${poison}${rest === '}' ? '}' : `,${rest}`}`;
}

/** JSON text no JSON.stringify of ours would write: prototype keys, depth, breakage. */
export function hostileJsonText(random: SeededRandom): string {
  return random.pick([
    withPrototypeKeys({}),
    '{"status":"accepted","__proto__":{"status":"declined"}}',
    '{"a":1,"a":2,"username":"staff","username":"x"}',
    '{"id":123456789012345678901,"vehicle_id":123456789012345678901,"limit":1e400}',
    deepJson('array', random.pick([100, 5_000, 20_000])),
    deepJson('object', random.pick([100, 5_000, 20_000])),
    '{',
    '{"a":1',
    '{"a":}',
    "{'a':1}",
    '[1,2,',
    'nul',
    '{"a":1}}',
    '',
    ' ',
    '\u0000',
    '\ufeff{}',
    '1e99999',
    '-',
    'null',
    '[]',
    '"text"',
    '123',
    'true',
    '[{"a":1}]',
    '{"a":"\\ud800"}',
    `"${'x'.repeat(2_000_000)}"`,
  ]);
}

/** Content types that do not say what the body is, or say it wrongly. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  '*/*',
  ';',
  'application/json;;;',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  'image/png',
];

/** Table of CRC-32 (PNG chunks carry one). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A well-formed PNG header claiming width × height, with a few bytes of image data. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files whose content is broken or is not what a name or declared type would say, by name. */
export function hostileFiles(realPng: Buffer, realJpeg: Buffer): Record<string, Buffer> {
  const corrupt = Buffer.from(realPng);
  corrupt.fill(0x41, Math.floor(corrupt.length / 2), Math.floor(corrupt.length / 2) + 40);
  return {
    'a real PNG': realPng,
    'a real JPEG': realJpeg,
    'a PNG cut after its header': realPng.subarray(0, 40),
    'a PNG cut short': realPng.subarray(0, Math.floor(realPng.length * 0.7)),
    'a JPEG cut in half': realJpeg.subarray(0, Math.floor(realJpeg.length / 2)),
    'a PNG with corrupt image data': corrupt,
    'a PNG claiming 1×65535 pixels': pngClaiming(1, 65535),
    'a PNG claiming 65535×65535 pixels': pngClaiming(65535, 65535),
    'a PNG claiming 0×0 pixels': pngClaiming(0, 0),
    text: Buffer.from('hello, I am not an image'),
    'a PDF with a script': Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF',
    ),
    'a PDF header alone': Buffer.from('%PDF-'),
    'an SVG with a script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'a GIF header alone': Buffer.from('GIF89a\x01\x00\x01\x00'),
    'an empty file': Buffer.alloc(0),
    noise: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256)),
  };
}

export const HOSTILE_FILENAMES = [
  'photo.png',
  'license.pdf',
  'image.jpg',
  '../../../etc/passwd',
  `${'a'.repeat(1000)}.png`,
  'x.png\u0000.exe',
  '',
  '.htaccess',
  'évidence.jpg',
  'CON',
  'a"b.png',
];

export const DECLARED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'text/html',
  'application/octet-stream',
  'image/svg+xml',
  'image/png; charset=utf-8',
  '',
];

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part. */
  filename?: string;
  type?: string;
}

/** A multipart/form-data body written by hand, so that it can lie. */
export function multipartBody(parts: readonly MultipartPart[], boundary: string, closed = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Access-token cookies an attacker could send: unsigned, expired, wrongly signed, garbage. */
export async function forgedAccessTokens(jwtKey: Uint8Array, userId: number, sessionId: string): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { role: 'staff', agency: null, sid: sessionId };
  const sign = (key: Uint8Array, iat: number, exp: number, extra: Record<string, unknown> = {}) =>
    new SignJWT({ ...claims, ...extra })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  return [
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(userId), exp: now + 600 })}.`,
    `${b64({ alg: 'HS512' })}.${b64({ ...claims, sub: String(userId), exp: now + 600 })}.${'A'.repeat(86)}`,
    await sign(jwtKey, now - 7200, now - 3600),
    await sign(randomBytes(48), now, now + 600),
    await sign(jwtKey, now, now + 600, { role: 'admin' }),
    await sign(jwtKey, now, now + 600, { sid: 'no-such-session' }),
    'garbage',
    'a.b.c',
    '',
    'x'.repeat(4000),
    '%zz',
  ];
}
