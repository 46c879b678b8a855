import * as v from 'valibot';
import type { ApiCustomer } from '#domain/api/customers';
import { customerSchema } from '#domain/schemas/customer';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { LICENSE_FIELD } from '../customers/index.ts';

/**
 * The profile form: the customer form's fields and messages (the server validates with the same
 * rules), without the title, which the customer cannot change. Partial as PATCH customers/me/ is:
 * a field left out is not checked (see `withoutUntouchedBlanks`), one given must be valid.
 */
export const profileFormSchema = v.partial(v.omit(customerSchema, ['title']));
export type ProfileFormInput = v.InferInput<typeof profileFormSchema>;
export type ProfileFormOutput = v.InferOutput<typeof profileFormSchema>;
export type ProfileField = keyof ProfileFormOutput;
export type ProfileValues = Record<ProfileField, string>;

export const PROFILE_FIELDS = Object.keys(profileFormSchema.entries) as ProfileField[];

/** The record as the form shows it: every field a string, empty where the server has nothing. */
export function profileValues(customer: ApiCustomer): ProfileValues {
  const values = {} as ProfileValues;
  for (const field of PROFILE_FIELDS) values[field] = customer[field] ?? '';
  return values;
}

/** Edits saved on this device and not yet accepted; refused ones wait in the sync panel instead. */
export function pendingEdits(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => entry.state === 'waiting' || entry.state === 'paused' || entry.state === 'sending');
}

const sentValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[value.length - 1] : value;

/** The values the server will have once the pending edits are sent, oldest first. */
export function withPendingEdits(values: ProfileValues, entries: readonly OutboxEntry[]): ProfileValues {
  const next = { ...values };
  for (const entry of entries) {
    const fields = entry.request.form?.fields ?? {};
    for (const field of PROFILE_FIELDS) {
      const value = sentValue(fields[field]);
      if (value !== undefined) next[field] = value;
    }
  }
  return next;
}

export type PendingLicense = { kind: 'replace'; file: Blob } | { kind: 'remove' };

/** What the newest pending edit that touches the license does with it, if any does. */
export function pendingLicense(entries: readonly OutboxEntry[]): PendingLicense | null {
  let result: PendingLicense | null = null;
  for (const entry of entries) {
    const file = entry.request.form?.files[LICENSE_FIELD]?.[0];
    if (file) result = { kind: 'replace', file };
    else if (sentValue(entry.request.form?.fields.delete_drivers_license) === 'true') result = { kind: 'remove' };
  }
  return result;
}

/**
 * The form's values without the fields that are blank and were blank before: nothing to send and
 * nothing to check, so a customer who registered without an address can still change their phone.
 * Clearing a field that had a value is kept, and refused when the field is required.
 */
export function withoutUntouchedBlanks(values: ProfileFormInput, baseline: ProfileValues): ProfileFormInput {
  const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
  return Object.fromEntries(
    PROFILE_FIELDS.filter((field) => !(isBlank(values[field]) && isBlank(baseline[field]))).map((field) => [
      field,
      values[field],
    ]),
  ) as ProfileFormInput;
}

/**
 * The fields whose (validated, normalised) value differs from what the customer last saw, as the
 * strings to send: a cleared optional field is sent blank, which the server stores as empty.
 */
export function changedFields(output: ProfileFormOutput, baseline: ProfileValues): Partial<ProfileValues> {
  const changes: Partial<ProfileValues> = {};
  for (const field of PROFILE_FIELDS) {
    const value = output[field];
    if (value === undefined) continue;
    const text = value ?? '';
    if (text !== baseline[field].trim()) changes[field] = text;
  }
  return changes;
}

/** The cached record with an accepted or queued edit applied, so the screen shows what was saved. */
export function applyEdit(customer: ApiCustomer, changes: Partial<ProfileValues>, removeLicense: boolean): ApiCustomer {
  const next: ApiCustomer = { ...customer };
  for (const [field, value] of Object.entries(changes) as [ProfileField, string][]) {
    if (field === 'first_name' || field === 'last_name' || field === 'phone_number' || field === 'email') {
      next[field] = value;
    } else {
      next[field] = value === '' ? null : value;
    }
  }
  next.next_of_kin_2 = [
    next.next_of_kin2_first_name,
    next.next_of_kin2_last_name,
    next.next_of_kin2_id_number,
    next.next_of_kin2_phone,
  ].some((value) => value !== null && value !== '');
  if (removeLicense) {
    next.drivers_license = null;
    next.drivers_license_type = null;
  }
  return next;
}
