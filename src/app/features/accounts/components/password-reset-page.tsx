import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_REDIRECT_MS } from '#domain/constants';
import { passwordResetFormSchema } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { accountRefusal } from '../failure-message.ts';
import { useRedirectToLogin } from '../use-redirect-to-login.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SuccessNotice } from './success-notice.tsx';
import '../accounts.css';

const MISSING_TOKEN = 'Invalid or missing reset token.';
const STEP = 'Resetting your password';

type FormInput = v.InferInput<typeof passwordResetFormSchema>;
type FormOutput = v.InferOutput<typeof passwordResetFormSchema>;

/** SPEC §2 /password-reset/{token}, the page the e-mailed link opens; without a token it says so. */
export function PasswordResetPage({ token }: { token?: string }) {
  return (
    <div className="page page--narrow accounts-page">
      <section className="panel auth-panel">
        <PageHeader title="Set a New Password" description="Choose a new password for your account." />
        {token ? (
          <PasswordResetForm key={token} token={token} />
        ) : (
          <>
            <StatusMessage tone="error">{MISSING_TOKEN}</StatusMessage>
            <RequestNewLink />
          </>
        )}
      </section>
    </div>
  );
}

function RequestNewLink() {
  return (
    <p className="form__footer">
      Links work once and for one hour. <Link to="/request/password_reset">Request a new link</Link>
    </p>
  );
}

function PasswordResetForm({ token }: { token: string }) {
  const reset = useConfirmPasswordReset();
  useRedirectToLogin(reset.isSuccess, PASSWORD_RESET_REDIRECT_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: valibotResolver(passwordResetFormSchema),
    // The token is part of the schema's input but not a field anyone edits: it comes from the link.
    defaultValues: { password: '', confirm_password: '', token },
  });

  const onSubmit = handleSubmit(({ password, token: linkToken }) => {
    setFailure(null);
    reset.mutate(
      { password, token: linkToken },
      { onError: (error) => setFailure(accountRefusal(error, setError, ['password'], 'Password reset failed.', STEP)) },
    );
  });

  if (reset.isSuccess)
    return (
      <SuccessNotice
        next={
          <p className="form__footer">
            <Link to="/login">Go to login now</Link>
          </p>
        }
      >
        Your password has been reset successfully.
      </SuccessNotice>
    );

  // A link cut short or padded by a mail program fails the schema's token rule before any call.
  const tokenError = errors.token?.message;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <ConnectionNotice step={STEP} show={!(reset.error instanceof NetworkError)} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <Refusal message={failure ?? tokenError} focusKey={failure ? reset.error : errors.token} />
      <Button type="submit" className="form__submit" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset password'}
      </Button>
      {reset.error instanceof ApiError || tokenError ? <RequestNewLink /> : null}
    </form>
  );
}
