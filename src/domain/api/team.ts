import type { Role } from '../constants.ts';

/** A login of an agency as its owner sees it in Settings, Team (GET team/). */
export interface TeamMember {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  role: Role;
  /** Turned off by the agency: cannot sign in, and was signed out everywhere when it happened. */
  disabled: boolean;
  created_at: string;
}
