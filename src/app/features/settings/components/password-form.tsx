import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '#domain/constants';
import { passwordChangeFormSchema } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useSession } from '../../session/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import '../settings.css';

const NEEDS_CONNECTION = 'Changing your password needs a connection. Try again when you are back online.';
const NOT_CHANGED = 'Your password could not be changed.';
const FIELDS = ['current_password', 'password'] as const;

type PasswordFormInput = v.InferInput<typeof passwordChangeFormSchema>;
type PasswordFormOutput = v.InferOutput<typeof passwordChangeFormSchema>;

const EMPTY: PasswordFormInput = { current_password: '', password: '', confirm_password: '' };

/** Current, new and repeated password. Online only: a password is never kept on the device to send later. */
export function PasswordForm() {
  const online = useOnline();
  const username = useSession()?.username ?? '';
  const changePassword = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PasswordFormInput, unknown, PasswordFormOutput>({
    resolver: valibotResolver(passwordChangeFormSchema),
    defaultValues: EMPTY,
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async ({ current_password, password }) => {
    setDone(null);
    setFailure(null);
    try {
      const reply = await changePassword.mutateAsync({ current_password, password });
      reset(EMPTY);
      setDone(reply.message);
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, NOT_CHANGED));
    }
  });

  const sending = changePassword.isPending;
  return (
    <form className="form password-form" onSubmit={onSubmit} noValidate aria-labelledby="password-form-title">
      <h2 id="password-form-title" className="settings-panel__title">
        Password
      </h2>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      {/* Tells password managers which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <div className="form__row">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
      </div>
      {done ? <StatusMessage tone="success">{done}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={failure} />
        <Button type="submit" disabled={sending || !online}>
          {sending ? 'Changing password...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
