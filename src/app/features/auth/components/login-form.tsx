import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { SessionUser } from '#domain/api/session';
import { loginSchema, type LoginInput } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { useLogin } from '../../session/index.ts';

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
    resetField,
    formState: { errors },
  } = useForm<v.InferInput<typeof loginSchema>, unknown, LoginInput>({
    // PARSE_CONFIG's abortPipeEarly is what the resolver already does: it stops at a field's first
    // failed rule unless criteriaMode is 'all' (and its options type leaves that key out).
    resolver: valibotResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  // A wrong password keeps the name typed and empties the password, to be typed again.
  const onSubmit = handleSubmit((input) =>
    login.mutate(input, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) resetField('password');
      },
    }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
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
      {/* Beside Login, where the person pressed: focused, so a phone shows it above the keyboard. */}
      <Refusal message={login.error ? failureMessage(login.error) : null} focusKey={login.error} />
      <Button type="submit" className="form__submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <p className="form__footer">
        New here? <Link to="/register-customer">Create a customer account</Link>
      </p>
    </form>
  );
}
