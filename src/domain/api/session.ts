/**
 * The replies of signing in and of the accounts' own calls: who is signed in (login/,
 * token/refresh/, auth/me/), sign-ups and the password calls.
 */
import type { AgencySummary } from './agencies.ts';
import type { Role } from '../constants.ts';

/** The signed-in user as login/, token/refresh/, GET auth/me/ and PATCH auth/me/ return it. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  role: Role;
  /** The agency of an agency or agent user; null for the operator and customers. */
  agency: AgencySummary | null;
  /** The customer record of a customer user. */
  customer_id: number | null;
}

/** A call whose whole answer is a sentence to show (password reset and change). */
export interface MessageReply {
  message: string;
}

/** POST register/customer/: the new user's id; they are not signed in. */
export interface RegisterCustomerReply extends MessageReply {
  id: number;
}

/** POST agent-signup/: the pending agency; its owner can sign in at once. */
export interface AgentSignupReply extends MessageReply {
  agency: AgencySummary;
}
