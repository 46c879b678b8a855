/**
 * How every form schema is run, on the server and in the forms: stop at a field's first failed
 * rule, so "E-mail is required." is not followed by "Enter a valid e-mail address.".
 */
export const PARSE_CONFIG = { abortPipeEarly: true } as const;
