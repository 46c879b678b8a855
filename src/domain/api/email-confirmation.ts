/**
 * A visitor's requests join the account of the same e-mail address once the customer confirms
 * the address by an e-mailed link (issue 19).
 */

/** GET email-confirmation/: the signed-in customer's address, and what waits for its confirmation. */
export interface EmailConfirmationStatus {
  email: string;
  confirmed: boolean;
  /** A visitor's requests from this address (in any case) that belong to no account yet. */
  waiting_requests: number;
}

/** POST email-confirmation/: a new link was e-mailed. */
export interface EmailConfirmationSent {
  message: string;
  email: string;
}

/** POST email-confirmation/confirm/: the address is confirmed and the waiting requests attached. */
export interface EmailConfirmed {
  message: string;
  attached_requests: number;
}
