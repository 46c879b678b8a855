/**
 * Field schemas shared by every form and by the server's request validation. Inputs arrive as
 * strings from forms and multipart bodies, or as JSON values, so each field accepts both and
 * outputs one clean type.
 */
import * as v from 'valibot';
import { isIsoDate, isTime } from '../dates.ts';
import { formatMoney, MAX_AMOUNT, parseMoney } from '../money.ts';

const toText = (value: string | number): string => String(value).trim();
const blankToNull = (value: string | number | null): string | null => {
  const text = value === null ? '' : toText(value);
  return text === '' ? null : text;
};

/**
 * A field the form must fill. A missing key reads as empty, so the reply says "X is required."
 * rather than valibot's generic missing-key text.
 */
function given(required: string) {
  return v.optional(v.union([v.string(), v.number()], required), '');
}

export function requiredText(label: string, max = 150) {
  return v.pipe(
    given(`${label} is required.`),
    v.transform(toText),
    v.nonEmpty(`${label} is required.`),
    v.maxLength(max, `${label} must be at most ${max} characters.`),
  );
}

/** Optional text: missing, null or blank all become null. */
export function optionalText(label: string, max = 150) {
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()], `${label} must be text.`)), null),
    v.transform(blankToNull),
    v.nullable(v.pipe(v.string(), v.maxLength(max, `${label} must be at most ${max} characters.`))),
  );
}

export const email = v.pipe(
  v.optional(v.string('E-mail is required.'), ''),
  v.trim(),
  v.nonEmpty('E-mail is required.'),
  v.maxLength(254, 'E-mail must be at most 254 characters.'),
  v.email('Enter a valid e-mail address.'),
  v.toLowerCase(),
);

const PHONE = /^\+?[0-9][0-9 ()-]{5,22}[0-9]$/;
export function phone(label = 'Phone number') {
  return v.pipe(
    given(`${label} is required.`),
    v.transform(toText),
    v.nonEmpty(`${label} is required.`),
    v.regex(PHONE, `${label} must be a valid phone number, e.g. +44 20 7946 0958.`),
  );
}

export function optionalPhone(label: string) {
  return v.pipe(
    optionalText(label, 30),
    v.check(
      (value) => value === null || PHONE.test(value),
      `${label} must be a valid phone number, e.g. +44 20 7946 0958.`,
    ),
  );
}

export function isoDate(label: string) {
  return v.pipe(
    v.optional(v.string(`${label} is required.`), ''),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.check(isIsoDate, `${label} must be a date (YYYY-MM-DD).`),
  );
}

/** A date a query may leave out (a filter's bound). */
export function optionalIsoDate(label: string) {
  return v.optional(
    v.pipe(
      v.string(`${label} must be a date (YYYY-MM-DD).`),
      v.trim(),
      v.check(isIsoDate, `${label} must be a date (YYYY-MM-DD).`),
    ),
  );
}

export function time(label: string, fallback: string) {
  return v.pipe(
    v.optional(v.nullable(v.string(`${label} must be a time (HH:MM).`)), fallback),
    v.transform((value) => (value === null || value === undefined || value.trim() === '' ? fallback : value.trim())),
    v.check(isTime, `${label} must be a time (HH:MM).`),
  );
}

export function requiredTime(label: string) {
  return v.pipe(
    v.optional(v.string(`${label} is required.`), ''),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.check(isTime, `${label} must be a time (HH:MM).`),
  );
}

const toNumber = (value: string | number): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** The conversion and bounds of a whole number, for a value known to be present. */
function integerFrom(label: string, min: number, max: number) {
  return v.pipe(
    v.union([v.string(), v.number()], `${label} must be a number.`),
    v.transform(toNumber),
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  );
}

const blankToNullValue = (value: string | number | null): string | number | null =>
  value === null || String(value).trim() === '' ? null : value;

/** A whole number at least `min`; strings from forms are converted. */
export function wholeNumber(label: string, options: { min?: number; max?: number } = {}) {
  const { min = 0, max = 2_000_000_000 } = options;
  return v.pipe(
    given(`${label} is required.`),
    v.check((value) => toText(value) !== '', `${label} is required.`),
    integerFrom(label, min, max),
  );
}

export function optionalWholeNumber(label: string, options: { min?: number; max?: number } = {}) {
  const { min = 0, max = 2_000_000_000 } = options;
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()], `${label} must be a number.`)), null),
    v.transform(blankToNullValue),
    v.nullable(integerFrom(label, min, max)),
  );
}

function moneyFrom(label: string) {
  return v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((value) => parseMoney(String(value))),
    v.number(`${label} must be an amount of at most two decimals, e.g. 45.00.`),
    v.maxValue(MAX_AMOUNT, `${label} must be at most ${formatMoney(MAX_AMOUNT)}.`),
  );
}

/** An amount of money in minor units, given as "45", "45.5", "45.50" or 45.5. */
export function money(label: string) {
  return v.pipe(
    given(`${label} is required.`),
    v.check((value) => toText(value) !== '', `${label} is required.`),
    moneyFrom(label),
  );
}

export function optionalMoney(label: string) {
  return v.pipe(
    v.optional(
      v.nullable(v.union([v.string(), v.number()], `${label} must be an amount of at most two decimals, e.g. 45.00.`)),
      null,
    ),
    v.transform(blankToNullValue),
    v.nullable(moneyFrom(label)),
  );
}

/** A reference to another record by its numeric id. */
export function id(label: string) {
  return wholeNumber(label, { min: 1 });
}

export function optionalId(label: string) {
  return optionalWholeNumber(label, { min: 1 });
}

/** A repeated multipart field arrives as a string when it has one value: always give a list. */
export function idList(label: string) {
  return v.pipe(
    v.optional(
      v.union([v.array(v.union([v.string(), v.number()])), v.string(), v.number()], `${label} must be a number.`),
      [],
    ),
    v.transform((value) => (Array.isArray(value) ? value : [value]).filter((item) => String(item).trim() !== '')),
    v.array(integerFrom(label, 1, 2_000_000_000)),
    v.transform((ids) => [...new Set(ids)]),
  );
}

export function boolean(label: string, fallback: boolean) {
  return v.pipe(
    v.optional(
      v.union([v.boolean(), v.picklist(['true', 'false', '1', '0', 'on'])], `${label} must be true or false.`),
      fallback,
    ),
    v.transform((value) => value === true || value === 'true' || value === '1' || value === 'on'),
  );
}

/** One of a fixed list of values, with one message for a missing or unknown value. */
export function choice<const T extends readonly string[]>(options: T, message: string) {
  return v.pipe(
    v.optional(v.string(message), ''),
    v.check((value) => options.includes(value), message),
    v.transform((value) => value as T[number]),
  );
}

/** "Start date, end date" pairs: the end may equal the start (a one-day rental), never precede it. */
export const END_BEFORE_START = 'End date cannot be before start date.';
export const START_IN_PAST = 'Start date cannot be in the past.';
