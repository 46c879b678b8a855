import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { loginSchema, type LoginInput } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { useLogin } from '../../session/api/login.ts';
import type { SessionUser } from '../../session/api/get-session.ts';

const LOGIN_FAILED = 'Login failed. Please check your username and password.';

/**
 * SPEC §8's sentence, except where the server says more: too many attempts (429), a login its
 * agency turned off (403, told only to someone who gave the right password), or no connection.
 */
function failureMessage(error: Error): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 403)) return error.message;
  if (error instanceof NetworkError) return 'You are offline: signing in needs a connection.';
  return LOGIN_FAILED;
}

interface LoginFormProps {
  onSignedIn: (user: SessionUser) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<v.InferInput<typeof loginSchema>, unknown, LoginInput>({
    // PARSE_CONFIG's abortPipeEarly is what the resolver already does: it stops at a field's first
    // failed rule unless criteriaMode is 'all' (and its options type leaves that key out).
    resolver: valibotResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((input) => login.mutate(input, { onSuccess: onSignedIn }));

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {login.error ? <StatusMessage tone="error">{failureMessage(login.error)}</StatusMessage> : null}
      <TextField
        label="Username or email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="form__aside">
        <Link to="/request/password_reset">Forgot your password?</Link>
      </p>
      <Button type="submit" className="form__submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <p className="form__footer">
        New here? <Link to="/register-customer">Create a customer account</Link>
      </p>
    </form>
  );
}
