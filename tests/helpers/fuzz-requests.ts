import {
  BROKEN_PATH_SEGMENTS,
  DECLARED_FILE_TYPES,
  deepJson,
  HOSTILE_FILENAMES,
  HOSTILE_IDS,
  hostileJsonText,
  hostileValue,
  multipartBody,
  type MultipartPart,
  withPrototypeKeys,
  WRONG_CONTENT_TYPES,
} from './hostile.ts';
import { fillParams, type ApiRoute } from './routes.ts';
import type { SeededRandom } from './seeded-random.ts';

/*
 * The requests of the fuzz suite. Everything sent is decided by the seeded generator; only the
 * cookies are added when sending (sessions are renewed as the run signs callers out).
 */

export const CALLERS = ['anonymous', 'customer', 'agent', 'agency', 'staff', 'agencyB', 'forged'] as const;
export type Caller = (typeof CALLERS)[number];

/** The file fields the forms use (vehicle photos when adding and editing, the license). */
export const FILE_FIELDS = ['image_uploads', 'images', 'drivers_license'] as const;

/** The file fields a call declares (vehicle create and edit, the three license forms); others take none. */
function routeFileFields(route: ApiRoute): readonly string[] {
  if (route.url === '/api/staff-vehicles') return ['image_uploads'];
  if (route.url === '/api/staff-vehicles/:id') return ['images'];
  if (route.url === '/api/customers' || route.url.startsWith('/api/customers/')) return ['drivers_license'];
  return FILE_FIELDS;
}
const QUERY_KEYS = ['limit', 'offset', 'search', 'ordering', 'customer', 'status', 'date', 'ownership', '__proto__'];
const BAD_IDEMPOTENCY_KEYS = ['', ' ', 'x'.repeat(1000), 'a b', '../..', 'null', '%00', 'é', 'short'];

/** The kind of the one upload in hostileUploads that is well-formed. */
export const VALID_UPLOAD = 'a valid form with a real PNG';

export interface Planned {
  caller: Caller;
  route: ApiRoute;
  method: string;
  path: string;
  /** What is hostile about it, for the report. */
  kind: string;
  headers: Record<string, string>;
  body?: Buffer;
  csrf: 'match' | 'missing' | 'wrong';
  /** Which forged access token a forged caller sends. */
  forgedAccess: number;
}

export interface FuzzInputs {
  /** Real ids, by the path segment before `:id`. */
  readIds: Record<string, number[]>;
  /** Plausible values by field name; some are still wrong on purpose. */
  plausible: Record<string, (random: SeededRandom) => unknown>;
  /** A body every form accepts (unique where it must be), so that files reach their checks. */
  validForm: () => Record<string, unknown>;
  /** Hostile files by description (see hostile.ts). */
  files: Record<string, Buffer>;
}

/** Percent-encodes anything, a lone surrogate too (as bytes that are not UTF-8). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%BD';
  }
}

/** A value as a form field or query parameter carries it. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const json = (text: string) => ({ headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });

/** The fields as multipart parts; a list becomes the field repeated, as a browser sends it. */
function fieldParts(fields: Record<string, unknown>): MultipartPart[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) && value.length < 20
      ? value.map((item) => ({ name, value: asText(item) }))
      : [{ name, value: asText(value) }],
  );
}

export class FuzzPlanner {
  private serial = 0;

  constructor(
    private readonly random: SeededRandom,
    private readonly inputs: FuzzInputs,
  ) {}

  private uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.random.int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }

  private boundary(): string {
    this.serial += 1;
    return `fuzz${this.serial}x${this.random.int(1e9)}`;
  }

  private planned(caller: Caller, route: ApiRoute, path: string, kind: string, rest: Partial<Planned> = {}): Planned {
    return { caller, route, method: route.method, path, kind, headers: {}, csrf: 'match', forgedAccess: 0, ...rest };
  }

  /** The route with real ids where the run has them. */
  private realPath(route: ApiRoute): string {
    return fillParams(route.url, (_name, before) => String(this.random.pick(this.inputs.readIds[before] ?? [1])));
  }

  private fields(): Record<string, unknown> {
    const { random } = this;
    const body: Record<string, unknown> = {};
    if (random.chance(0.35)) {
      // A body that passes validation but for one or two fields: gets past the checks to the handler.
      Object.assign(body, this.inputs.validForm());
      for (const name of random.some(Object.keys(body), 2)) body[name] = hostileValue(random);
      return body;
    }
    for (const name of random.some(Object.keys(this.inputs.plausible), 9)) {
      const plausible = this.inputs.plausible[name];
      body[name] = plausible && random.chance(0.6) ? plausible(random) : hostileValue(random);
    }
    return body;
  }

  private randomFiles(): MultipartPart[] {
    const { random } = this;
    const parts: MultipartPart[] = [];
    const count = random.pick([0, 1, 1, 2, 3, 14]);
    for (let i = 0; i < count; i++) {
      parts.push({
        name: random.pick([...FILE_FIELDS, 'file', '__proto__']),
        filename: random.pick(HOSTILE_FILENAMES),
        type: random.pick(DECLARED_FILE_TYPES),
        value: random.chance(0.01)
          ? Buffer.alloc(11 * 1024 * 1024, 0x41)
          : random.pick(Object.values(this.inputs.files)),
      });
    }
    return parts;
  }

  private queryString(): string {
    const { random } = this;
    if (!random.chance(0.3)) return '';
    const pairs: string[] = [];
    for (const key of random.some(QUERY_KEYS, 4)) {
      const value = random.chance(0.5) ? asText(hostileValue(random)) : random.pick(['1', '20', 'name', '-created_at']);
      pairs.push(`${encode(key)}=${encode(value.slice(0, 2000))}`);
      if (random.chance(0.15)) pairs.push(`${encode(key)}=2`);
    }
    if (random.chance(0.1)) pairs.push('__proto__%5Bpolluted%5D=yes', 'constructor%5Bprototype%5D%5Bpolluted%5D=yes');
    return `?${pairs.join('&')}`;
  }

  /** Anything at all: a random caller, method, ids, query, body, content type and headers. */
  any(route: ApiRoute): Planned {
    const { random } = this;
    const caller = random.pick(CALLERS);
    let method: string = route.method;
    if (random.chance(0.05)) method = route.method === 'GET' ? 'HEAD' : 'GET';
    else if (random.chance(0.04)) method = random.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']);
    let path = fillParams(route.url, (_name, before) =>
      random.chance(0.45) ? encode(random.pick(HOSTILE_IDS)) : String(random.pick(this.inputs.readIds[before] ?? [1])),
    );
    if (random.chance(0.1)) path = path.slice(0, -1);
    path += this.queryString();

    let kind = 'no body';
    let headers: Record<string, string> = {};
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD' ? true : random.chance(0.05)) {
      const boundary = this.boundary();
      const multipart = `multipart/form-data; boundary=${boundary}`;
      const roll = random.next();
      if (roll < 0.4) {
        kind = 'JSON';
        ({ headers, body } = json(JSON.stringify(this.fields())));
      } else if (roll < 0.52) {
        kind = 'hostile JSON';
        ({ headers, body } = json(hostileJsonText(random)));
      } else if (roll < 0.62) {
        kind = 'wrong content type';
        if (random.chance(0.85)) headers = { 'content-type': random.pick(WRONG_CONTENT_TYPES) };
        body = Buffer.from(random.pick([JSON.stringify(this.fields()), 'a=1&b=2', '<x/>', '\u0000\u0001', 'x']));
      } else if (roll < 0.8) {
        kind = 'multipart';
        headers = { 'content-type': multipart };
        body = multipartBody([...fieldParts(this.fields()), ...this.randomFiles()], boundary);
      } else if (roll < 0.88) {
        kind = 'truncated multipart';
        headers = { 'content-type': multipart };
        const whole = multipartBody([...fieldParts(this.fields()), ...this.randomFiles()], boundary, false);
        body = random.chance(0.5) ? whole : whole.subarray(0, Math.floor(whole.length * (0.2 + random.next() * 0.75)));
      } else if (roll < 0.92) {
        kind = 'multipart under a lying content type';
        headers = {
          'content-type': random.pick([
            'multipart/form-data; boundary=not-the-one',
            'multipart/form-data',
            `multipart/form-data; boundary="${boundary}"`,
            `${multipart}; boundary=other`,
            'application/json',
          ]),
        };
        body = multipartBody([...fieldParts(this.fields()), ...this.randomFiles()], boundary);
      } else {
        kind = 'empty body';
        headers = { 'content-type': random.pick(['application/json', multipart]) };
        body = Buffer.alloc(0);
      }
    }
    const idempotency = random.next();
    if (idempotency < 0.25) headers['idempotency-key'] = this.uuid();
    else if (idempotency < 0.35) headers['idempotency-key'] = random.pick(BAD_IDEMPOTENCY_KEYS);
    if (random.chance(0.05)) headers['if-none-match'] = random.pick(['*', '"x"', 'W/"1"']);
    if (random.chance(0.05)) headers['x-forwarded-for'] = random.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
    const csrf = random.next();
    return this.planned(caller, route, path, kind, {
      method,
      headers,
      body,
      csrf: csrf < 0.85 ? 'match' : csrf < 0.92 ? 'missing' : 'wrong',
      forgedAccess: random.int(1000),
    });
  }

  /** `{}` as JSON: past the body parser, so the reply tells whether the caller may call the route. */
  probe(route: ApiRoute, caller: Caller): Planned {
    return this.planned(caller, route, this.realPath(route), 'access probe', json('{}'));
  }

  /** Bodies the body parser, the idempotency check and the multipart parser must refuse with a 4xx. */
  hostileBodies(route: ApiRoute, caller: Caller): Planned[] {
    const path = this.realPath(route);
    const withKey = (text: string) => ({
      headers: { 'content-type': 'application/json', 'idempotency-key': this.uuid() },
      body: Buffer.from(text),
    });
    const cases: [string, Pick<Planned, 'headers' | 'body'>][] = [
      ['arrays nested 20,000 deep, with an Idempotency-Key', withKey(deepJson('array', 20_000))],
      ['objects nested 20,000 deep, with an Idempotency-Key', withKey(deepJson('object', 20_000))],
      ['objects nested 20,000 deep', json(deepJson('object', 20_000))],
      ['prototype keys before valid fields', json(withPrototypeKeys(this.inputs.validForm()))],
      ['JSON cut short', json('{"a":')],
      ['JSON sent as text/plain', { headers: { 'content-type': 'text/plain' }, body: Buffer.from('{"a":1}') }],
      [
        'multipart declared without a boundary',
        { headers: { 'content-type': 'multipart/form-data' }, body: Buffer.from('x') },
      ],
      ['an empty JSON body', json('')],
    ];
    return cases.map(([kind, sent]) => this.planned(caller, route, path, kind, sent));
  }

  /**
   * A valid form with one hostile file in every file field (each route reads its own), sent as
   * a photo: broken or lying content, an upload cut short, too many files.
   */
  hostileUploads(route: ApiRoute, caller: Caller): Planned[] {
    const path = this.realPath(route);
    const upload = (kind: string, files: MultipartPart[], cut = false): Planned => {
      const boundary = this.boundary();
      const whole = multipartBody([...fieldParts(this.inputs.validForm()), ...files], boundary, !cut);
      // Cut inside the last file, as a phone losing signal mid-upload does.
      const body = cut ? whole.subarray(0, whole.length - Math.floor((files.at(-1)?.value.length ?? 0) / 2)) : whole;
      return this.planned(caller, route, path, kind, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
    };
    const photo = (name: string, data: Buffer): MultipartPart => ({
      name,
      value: data,
      filename: 'photo.png',
      type: 'image/png',
    });
    // Each call takes files only in the fields it declares; a file anywhere else is refused before
    // any decoding, so the hostile files go where the call reads them. The valid control below
    // fails the suite if this map drifts from the routes.
    const fields = routeFileFields(route);
    const everyField = (data: Buffer) => fields.map((field) => photo(field, data));
    const realPng = this.inputs.files['a real PNG'] ?? Buffer.alloc(0);
    return [
      // The control: a valid upload, which must get through (else the hostile ones prove nothing).
      upload(VALID_UPLOAD, everyField(realPng)),
      ...Object.entries(this.inputs.files)
        .filter(([name]) => !name.startsWith('a real'))
        .map(([name, data]) => upload(`${name}, sent as photo.png (image/png)`, everyField(data))),
      upload('an upload cut short inside a real PNG', everyField(realPng), true),
      upload(
        '14 real PNGs in each file field',
        fields.flatMap((field) => Array.from({ length: 14 }, () => photo(field, realPng))),
      ),
    ];
  }

  /** The route with each hostile id in its path. */
  hostileIds(route: ApiRoute, caller: Caller): Planned[] {
    const sent = route.method === 'GET' || route.method === 'DELETE' ? {} : json('{}');
    return [...HOSTILE_IDS.map(encode), ...BROKEN_PATH_SEGMENTS].map((segment) =>
      this.planned(
        caller,
        route,
        fillParams(route.url, () => segment),
        `id ${segment.slice(0, 30)}`,
        sent,
      ),
    );
  }
}
