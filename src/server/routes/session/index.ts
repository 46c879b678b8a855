import type { RouteRegistrar } from '../index.ts';
import { agentSignup } from './agent-signup.ts';
import { changePassword } from './change-password.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { me } from './me.ts';
import { passwordResetConfirm } from './password-reset-confirm.ts';
import { passwordReset } from './password-reset.ts';
import { registerCustomer } from './register-customer.ts';
import { tokenRefresh } from './token-refresh.ts';

export const sessionRoutes: RouteRegistrar[] = [
  login,
  me,
  logout,
  tokenRefresh,
  registerCustomer,
  passwordReset,
  passwordResetConfirm,
  agentSignup,
  changePassword,
];
