import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { passwordResetRequestSchema, type PasswordResetRequestInput } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { accountRefusal } from '../failure-message.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SuccessNotice } from './success-notice.tsx';
import '../accounts.css';

const STEP = 'Sending a reset link';

/** SPEC §2 /request/password_reset: an e-mail address to send the reset link to. */
export function RequestPasswordResetPage() {
  const resetRequest = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<v.InferInput<typeof passwordResetRequestSchema>, unknown, PasswordResetRequestInput>({
    resolver: valibotResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((input) => {
    setFailure(null);
    resetRequest.mutate(input, {
      onError: (error) =>
        setFailure(accountRefusal(error, setError, ['email'], 'Password reset request failed.', STEP)),
    });
  });

  return (
    <div className="page page--narrow accounts-page">
      <section className="panel auth-panel">
        <PageHeader
          title="Reset Password"
          description="Enter the e-mail address of your account and we will send you a link to choose a new password."
        />
        {resetRequest.isSuccess ? (
          <SuccessNotice
            next={
              <>
                <p className="form__footer">No e-mail after a few minutes? Check your spam folder, or send another.</p>
                <Button variant="secondary" className="form__submit" onClick={() => resetRequest.reset()}>
                  Send another link
                </Button>
              </>
            }
          >
            A password reset link has been sent to your email.
          </SuccessNotice>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <ConnectionNotice step={STEP} show={!(resetRequest.error instanceof NetworkError)} />
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              spellCheck={false}
              error={errors.email?.message}
              {...register('email')}
            />
            <Refusal message={failure} focusKey={resetRequest.error} />
            <Button type="submit" className="form__submit" disabled={resetRequest.isPending}>
              {resetRequest.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
        <p className="form__footer">
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </section>
    </div>
  );
}
