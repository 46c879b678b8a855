import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from '../services/images.ts';
import { badRequest, fieldError, HttpError, payloadTooLarge, unsupportedMediaType } from './errors.ts';

/** PostgreSQL can neither store U+0000 in text nor take it in a query's value: refused in every request. */
export const NUL_TEXT = 'Text may not contain the character U+0000 (NUL).';

/** A file field a call takes in a multipart body: how many files, and how large each may be. */
export interface FileField {
  maxFiles: number;
  maxBytes: number;
  /** The refusal when more files come (400); by default a sentence naming the field. */
  tooMany?: string;
  /** The refusal when a file is larger (413); by default a sentence naming the field. */
  tooLarge?: string;
}

/** The file fields of a call, by name. */
export type FileFields = Readonly<Record<string, FileField>>;

/** Far more text fields, and longer ones, than any form of the app sends. */
const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;
/** Room for a part's boundary and headers when bounding a whole body by its Content-Length. */
const PART_OVERHEAD_BYTES = 1024;

export const MALFORMED_MULTIPART =
  'The upload was cut short or is not a well-formed multipart form. Please send it again.';

/**
 * What the multipart parser reports for a body past its limits, by error code. Anything else
 * it throws comes from a body it could not read (cut short, no or the wrong boundary).
 */
const PARSER_REFUSALS: Readonly<Record<string, readonly [status: number, message: string]>> = {
  FST_PARTS_LIMIT: [413, 'The form has too many parts.'],
  FST_FILES_LIMIT: [413, 'The form has too many files.'],
  FST_FIELDS_LIMIT: [413, `The form has too many fields (at most ${MAX_FIELDS}).`],
  FST_REQ_FILE_TOO_LARGE: [413, 'A file is too large.'],
  FST_PROTO_VIOLATION: [400, 'A form field may not be named after a built-in property such as __proto__.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field declared as JSON is not valid JSON.'],
};

/** A file as routes receive it (see UploadedFile): whole, in memory, within its field's limit. */
export class ReceivedFile implements UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly data: Buffer,
  ) {}
}

/**
 * Settles what a call may be sent before any of the body is read: JSON, or a multipart form
 * where the call takes files (refused at once when its Content-Length is more than the form's
 * limits allow).
 */
export function checkBodyType(request: FastifyRequest, files: FileFields | undefined): void {
  const length = Number(request.headers['content-length'] ?? 0);
  const hasBody = request.headers['transfer-encoding'] !== undefined || length > 0;
  if (!hasBody || request.method === 'GET' || request.method === 'HEAD') return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return;
  if (type === 'multipart/form-data' && files) {
    if (length > maxMultipartBytes(files)) throw payloadTooLarge('The upload is larger than this form takes.');
    return;
  }
  throw unsupportedMediaType(
    files
      ? 'This call takes JSON or a multipart form (multipart/form-data).'
      : 'This call takes JSON (application/json).',
  );
}

function maxMultipartBytes(files: FileFields): number {
  const fileBytes = Object.values(files).reduce(
    (sum, field) => sum + field.maxFiles * (field.maxBytes + PART_OVERHEAD_BYTES),
    0,
  );
  return fileBytes + MAX_FIELDS * (MAX_FIELD_BYTES + PART_OVERHEAD_BYTES);
}

/**
 * Reads a multipart body as it streams in, within the call's limits: text fields as strings
 * (a list when repeated), files as ReceivedFile values, in one object as a JSON body would be.
 * A part past a limit stops the reading there with a 4xx; nothing is written anywhere.
 */
export async function readMultipart(request: FastifyRequest, files: FileFields): Promise<Record<string, unknown>> {
  const values = new Map<string, (string | ReceivedFile)[]>();
  const fileCounts = new Map<string, number>();
  try {
    for await (const part of clientParts(request, files)) {
      const name = part.fieldname;
      try {
        const value = part.type === 'file' ? await readFilePart(part, files, fileCounts) : textValue(part, files);
        values.set(name, [...(values.get(name) ?? []), value]);
      } finally {
        // A refused file is not read on: its stream is let go.
        if (part.type === 'file' && !part.file.readableEnded) part.file.destroy();
      }
    }
  } catch (error) {
    // Nothing more of a refused body goes to the parser.
    request.raw.unpipe();
    throw error;
  }
  return Object.fromEntries([...values].map(([name, items]) => [name, items.length === 1 ? items[0] : items]));
}

/** The body's parts, with the parser's own failures turned into refusals. */
async function* clientParts(request: FastifyRequest, files: FileFields): AsyncGenerator<Multipart> {
  const fileLimits = Object.values(files);
  const maxFiles = fileLimits.reduce((sum, field) => sum + field.maxFiles, 0);
  const parts = request.parts({
    limits: {
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      // One more of each than the call takes, so that readFilePart refuses with the field's own words.
      files: maxFiles + 1,
      parts: MAX_FIELDS + maxFiles + 1,
      // One byte past the largest field limit, so that readFilePart sees a file go over its own.
      fileSize: Math.max(0, ...fileLimits.map((field) => field.maxBytes)) + 1,
    },
  });
  for (;;) {
    let step: IteratorResult<Multipart>;
    try {
      step = await parts.next();
    } catch (error) {
      throw parserRefusal(error);
    }
    if (step.done) return;
    if (!step.value.fieldname) {
      if (step.value.type === 'file') step.value.file.destroy();
      throw badRequest('Every part of the form needs a name.');
    }
    yield step.value;
  }
}

function parserRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const [status, message] = PARSER_REFUSALS[code] ?? [400, MALFORMED_MULTIPART];
  return new HttpError(status, message);
}

async function readFilePart(
  part: MultipartFile,
  files: FileFields,
  fileCounts: Map<string, number>,
): Promise<ReceivedFile> {
  const name = part.fieldname;
  const field = Object.hasOwn(files, name) ? files[name] : undefined;
  if (!field) throw fieldError(400, name, 'This field takes text, not a file.');
  const count = (fileCounts.get(name) ?? 0) + 1;
  fileCounts.set(name, count);
  if (count > field.maxFiles) {
    throw fieldError(400, name, field.tooMany ?? `Send at most ${field.maxFiles} file(s) here.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > field.maxBytes) {
        throw fieldError(413, name, field.tooLarge ?? `A file here may be at most ${megabytes(field.maxBytes)} MB.`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw parserRefusal(error);
  }
  return new ReceivedFile(part.filename, part.mimetype, Buffer.concat(chunks, size));
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

function textValue(part: MultipartValue, files: FileFields): string {
  const name = part.fieldname;
  if (Object.hasOwn(files, name)) throw fieldError(400, name, 'This field takes a file.');
  if (part.valueTruncated) throw fieldError(413, name, `A form field may be at most ${MAX_FIELD_BYTES / 1024} KB.`);
  // A part declared as JSON arrives parsed; fields are text, as a browser's form sends them.
  if (typeof part.value !== 'string') throw fieldError(400, name, 'This field takes text.');
  if (part.value.includes('\u0000')) throw fieldError(400, name, NUL_TEXT);
  return part.value;
}
