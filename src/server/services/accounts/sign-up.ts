import type { Deps } from '../../context.ts';
import {
  DuplicateUserError,
  takenUserFields,
  type NewAccount,
  type UniqueUserField,
} from '../../repositories/users.ts';
import { Invalid, type FieldMessages } from '../errors.ts';
import { hashPassword } from '../passwords.ts';

const MESSAGES: Record<UniqueUserField, string> = {
  username: 'A user with that username already exists.',
  email: 'A user with that e-mail address already exists.',
};

/** Invalid (400) naming each taken field; the error sentence is the first of them. */
function duplicateUser(fields: readonly UniqueUserField[]): Invalid {
  const ordered = (['username', 'email'] as const).filter((field) => fields.includes(field));
  const errors: FieldMessages = {};
  for (const field of ordered) errors[field] = [MESSAGES[field]];
  return new Invalid(MESSAGES[ordered[0] ?? 'username'], errors);
}

/** What both sign-up forms (and the owner's form for an agent) ask of the new user. */
export interface SignUpFields {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

/**
 * The steps every new login shares (a customer's or an agency's sign-up, an agent added by the
 * owner): a taken username or e-mail is Invalid, the password is hashed, then the use case's
 * `write` stores the account in its transaction. A sign-up that loses a race for a unique name
 * gets the same refusal as the pre-check gives.
 */
export async function signUp<T>(
  deps: Deps,
  fields: SignUpFields,
  write: (account: NewAccount) => Promise<T>,
): Promise<T> {
  const taken = await takenUserFields(deps.db, fields);
  if (taken.length) throw duplicateUser(taken);
  const account: NewAccount = {
    username: fields.username,
    email: fields.email,
    passwordHash: await hashPassword(fields.password),
    first_name: fields.first_name,
    last_name: fields.last_name,
    phone_number: fields.phone_number,
  };
  try {
    return await write(account);
  } catch (error) {
    if (error instanceof DuplicateUserError) throw duplicateUser(error.fields);
    throw error;
  }
}
