import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { email, phone, requiredText } from './fields.ts';

export const password = v.pipe(
  v.optional(v.string('Password is required.'), ''),
  v.nonEmpty('Password is required.'),
  v.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  v.maxLength(200, 'Password must be at most 200 characters.'),
);

export const username = v.pipe(
  v.optional(v.string('Username is required.'), ''),
  v.trim(),
  v.nonEmpty('Username is required.'),
  v.minLength(3, 'Username must be at least 3 characters.'),
  v.maxLength(50, 'Username must be at most 50 characters.'),
  v.regex(/^[A-Za-z0-9_.+-]+$/, 'Username may contain only letters, digits and . _ + -'),
);

export const loginSchema = v.object({
  username: requiredText('Username or e-mail', 254),
  password: v.pipe(
    v.optional(v.string('Password is required.'), ''),
    v.nonEmpty('Password is required.'),
    v.maxLength(200),
  ),
});
export type PasswordResetConfirmInput = v.InferOutput<typeof passwordResetConfirmSchema>;
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const customerRegistrationSchema = v.object({
  email,
  username,
  phone_number: phone(),
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  password,
});
export type CustomerRegistrationInput = v.InferOutput<typeof customerRegistrationSchema>;

export const passwordResetRequestSchema = v.object({ email });
export type PasswordResetRequestInput = v.InferOutput<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = v.object({
  password,
  token: v.pipe(
    v.optional(v.string('Invalid or missing reset token.'), ''),
    v.nonEmpty('Invalid or missing reset token.'),
    v.maxLength(200),
  ),
});

/** The token of the link that confirms a customer's e-mail address (POST email-confirmation/confirm/). */
export const EMAIL_CONFIRMATION_MISSING = 'Invalid or missing confirmation link.';
export const emailConfirmationSchema = v.object({
  token: v.pipe(
    v.optional(v.string(EMAIL_CONFIRMATION_MISSING), ''),
    v.nonEmpty(EMAIL_CONFIRMATION_MISSING),
    v.maxLength(200, EMAIL_CONFIRMATION_MISSING),
  ),
});

/** The reset form adds the confirmation field; the server is sent only password and token. */
export const passwordResetFormSchema = v.pipe(
  v.object({ ...passwordResetConfirmSchema.entries, confirm_password: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      'Passwords do not match.',
    ),
    ['confirm_password'],
  ),
);

/** A staff-side login an agency adds for someone who works for it (Settings, Team). */
export const teamMemberSchema = v.object({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  email,
  phone_number: phone(),
  username,
  password,
});
export type TeamMemberInput = v.InferOutput<typeof teamMemberSchema>;

/** PATCH team/{id}/: an agent's login turned off (signed out everywhere at once) or on again. */
export const teamMemberUpdateSchema = v.object({
  disabled: v.boolean('Disabled must be true or false.'),
});

export const agentSignupSchema = v.object({
  agency_name: requiredText('Agency name', 150),
  ...teamMemberSchema.entries,
});
export type AgentSignupInput = v.InferOutput<typeof agentSignupSchema>;

/** A staff-side user's own details (Settings): the names, e-mail and phone of their login. */
export const ownProfileSchema = v.object({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  email,
  phone_number: phone(),
});
export type OwnProfileInput = v.InferOutput<typeof ownProfileSchema>;

/** PATCH auth/me/: the fields of ownProfileSchema that changed. */
export const ownProfileUpdateSchema = v.partial(ownProfileSchema);

/** POST auth/password/: a signed-in user changes their password, proving they know the current one. */
export const passwordChangeSchema = v.object({
  current_password: v.pipe(
    v.optional(v.string('Current password is required.'), ''),
    v.nonEmpty('Current password is required.'),
    v.maxLength(200),
  ),
  password,
});
export type PasswordChangeInput = v.InferOutput<typeof passwordChangeSchema>;

/** The settings form adds the confirmation field; the server is sent current_password and password. */
export const passwordChangeFormSchema = v.pipe(
  v.object({ ...passwordChangeSchema.entries, confirm_password: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      'Passwords do not match.',
    ),
    ['confirm_password'],
  ),
);
