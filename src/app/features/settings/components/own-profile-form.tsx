import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { ownProfileSchema } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import type { SessionUser } from '../../session/index.ts';
import { useUpdateOwnProfile } from '../api/update-own-profile.ts';

const SAVED = 'Your details have been saved.';
const NO_CHANGES = 'No changes detected.';
const NOT_SAVED = 'Your details could not be saved.';
const NEEDS_CONNECTION = 'Saving your details needs a connection. Try again when you are back online.';
const FIELDS = ['first_name', 'last_name', 'email', 'phone_number'] as const;

type ProfileInput = v.InferInput<typeof ownProfileSchema>;
type ProfileOutput = v.InferOutput<typeof ownProfileSchema>;

const valuesOf = (user: SessionUser): ProfileInput => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone_number: user.phone_number,
});

/** A staff-side user's own names, e-mail and phone (PATCH auth/me/), sending only what changed. */
export function OwnProfileForm({ user }: { user: SessionUser }) {
  const online = useOnline();
  const update = useUpdateOwnProfile();
  const [outcome, setOutcome] = useState<{ tone: StatusTone; text: string } | null>(null);
  const baseline = useMemo(() => valuesOf(user), [user]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: valibotResolver(ownProfileSchema),
    defaultValues: baseline,
    // The session is checked after the first paint: a newer copy fills the fields not touched.
    values: baseline,
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (output) => {
    setOutcome(null);
    const changes = Object.fromEntries(
      FIELDS.filter((field) => output[field] !== user[field]).map((f) => [f, output[f]]),
    );
    if (Object.keys(changes).length === 0) {
      setOutcome({ tone: 'info', text: NO_CHANGES });
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(valuesOf(saved));
      setOutcome({ tone: 'success', text: SAVED });
    } catch (error) {
      const refusal = refusalOf(error, setError, FIELDS, NOT_SAVED);
      if (refusal) setOutcome({ tone: 'error', text: refusal });
    }
  });

  const sending = update.isPending;
  return (
    <form className="form own-profile-form" onSubmit={onSubmit} noValidate aria-labelledby="own-profile-title">
      <h2 id="own-profile-title" className="settings-panel__title">
        Your details
      </h2>
      <p className="settings-panel__lead">
        Signed in as <strong>{user.username}</strong>
        {user.agency ? ` at ${user.agency.name}` : ''}.
      </p>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      <div className="form__row">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phone_number?.message}
          {...register('phone_number')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} />
        <Button type="submit" disabled={sending || !online}>
          {sending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
