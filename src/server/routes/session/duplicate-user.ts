import { HttpError, type FieldErrors } from '../../http/errors.ts';
import { DuplicateUserError, type UniqueUserField } from '../../repositories/users.ts';

const MESSAGES: Record<UniqueUserField, string> = {
  username: 'A user with that username already exists.',
  email: 'A user with that e-mail address already exists.',
};

/** 400 naming each taken field; the error sentence is the first of them. */
export function duplicateUser(fields: readonly UniqueUserField[]): HttpError {
  const ordered = (['username', 'email'] as const).filter((field) => fields.includes(field));
  const errors: FieldErrors = {};
  for (const field of ordered) errors[field] = [MESSAGES[field]];
  return new HttpError(400, MESSAGES[ordered[0] ?? 'username'], errors);
}

/** Runs a sign-up write, turning a lost race for a unique name into the same 400 as the pre-check. */
export async function withDuplicateCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateUserError) throw duplicateUser(error.fields);
    throw error;
  }
}
