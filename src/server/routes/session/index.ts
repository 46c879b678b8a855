import type { RouteRegistrar } from '../index.ts';
import { agentSignup } from './agent-signup.ts';
import { changePassword } from './change-password.ts';
import { confirmEmail } from './confirm-email.ts';
import { getEmailConfirmation } from './get-email-confirmation.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { me } from './me.ts';
import { passwordResetConfirm } from './password-reset-confirm.ts';
import { passwordReset } from './password-reset.ts';
import { registerCustomer } from './register-customer.ts';
import { sendEmailConfirmation } from './send-email-confirmation.ts';
import { tokenRefresh } from './token-refresh.ts';
import { updateMe } from './update-me.ts';

export const sessionRoutes: RouteRegistrar[] = [
  login,
  me,
  updateMe,
  logout,
  tokenRefresh,
  registerCustomer,
  passwordReset,
  passwordResetConfirm,
  agentSignup,
  changePassword,
  getEmailConfirmation,
  sendEmailConfirmation,
  confirmEmail,
];
