import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '#domain/constants';
import { teamMemberSchema, type TeamMemberInput } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { errorMessage, refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { teamQueryOptions, useAddTeamMember, useSetMemberDisabled, type TeamMember } from '../api/team.ts';

const NEEDS_CONNECTION = 'Changing your team needs a connection. Try again when you are back online.';
const FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'username', 'password'] as const;
const EMPTY: v.InferInput<typeof teamMemberSchema> = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  username: '',
  password: '',
};

/** What the last action said; a refusal names its row (`id`) and is said there. */
type Outcome = { tone: StatusTone; text: string; id?: number };

const fullName = (member: TeamMember) => `${member.first_name} ${member.last_name}`;

/**
 * Settings, Team (agency owners): the agency's logins, each agent's turned off or on again (after
 * a confirmation: turning off signs them out everywhere at once), and a form to add an agent.
 */
export function TeamPanel() {
  const online = useOnline();
  const team = useQuery(teamQueryOptions());
  const setDisabled = useSetMemberDisabled();
  const [confirming, setConfirming] = useState<TeamMember | null>(null);
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const toggle = async (member: TeamMember, disabled: boolean) => {
    setOutcome(null);
    try {
      await setDisabled.mutateAsync({ id: member.id, disabled });
      setOutcome({
        tone: 'success',
        text: disabled
          ? `${fullName(member)}'s login is turned off and was signed out everywhere.`
          : `${fullName(member)}'s login is turned on again.`,
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, 'The login could not be changed.'), id: member.id });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section className="team-panel" aria-labelledby="team-panel-title">
      <h2 id="team-panel-title" className="settings-panel__title">
        Team
      </h2>
      <p className="settings-panel__lead">The people who sign in for your agency.</p>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      {team.data ? (
        <ul className="settings-list">
          {team.data.items.map((member) => (
            <li key={member.id} className="settings-list__item">
              <div className="settings-list__who">
                <span className="settings-list__name">{fullName(member)}</span>
                <span className="settings-list__detail">
                  {member.username} · {member.email}
                </span>
              </div>
              <div className="settings-list__status">
                <StatusBadge tone="neutral">{member.role === 'agency' ? 'Owner' : 'Agent'}</StatusBadge>
                {member.disabled ? <StatusBadge tone="danger">Turned off</StatusBadge> : null}
              </div>
              {member.role === 'agent' ? (
                <Button
                  variant={member.disabled ? 'secondary' : 'ghost'}
                  size="sm"
                  disabled={!online || setDisabled.isPending}
                  aria-label={`${member.disabled ? 'Turn on' : 'Turn off'} the login of ${fullName(member)}`}
                  onClick={() => (member.disabled ? void toggle(member, false) : setConfirming(member))}
                >
                  {member.disabled ? 'Turn on' : 'Turn off'}
                </Button>
              ) : null}
              {outcome?.tone === 'error' && outcome.id === member.id ? (
                <Refusal className="refusal--block" message={outcome.text} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : team.isError ? (
        <StatusMessage
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void team.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(team.error, 'Your team could not be loaded.')}
        </StatusMessage>
      ) : (
        <LoadingState label="Loading your team..." />
      )}
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      {adding ? (
        <AddAgentForm
          online={online}
          onDone={(member) => {
            setAdding(false);
            if (member) {
              setOutcome({
                tone: 'success',
                text: `${fullName(member)} can now sign in as ${member.username} with the password you chose.`,
              });
            }
          }}
        />
      ) : (
        <div className="form__actions">
          <Button variant="secondary" disabled={!online} onClick={() => setAdding(true)}>
            Add agent
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Turn off this login?"
        message={
          confirming
            ? `${fullName(confirming)} will be signed out on every device at once and cannot sign in until you turn the login on again.`
            : ''
        }
        confirmLabel="Turn off"
        tone="danger"
        busy={setDisabled.isPending}
        onConfirm={() => confirming && void toggle(confirming, true)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** The new agent's names, contact, username and first password; Cancel leaves nothing behind. */
function AddAgentForm({ online, onDone }: { online: boolean; onDone: (member: TeamMember | null) => void }) {
  const add = useAddTeamMember();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<v.InferInput<typeof teamMemberSchema>, unknown, TeamMemberInput>({
    resolver: valibotResolver(teamMemberSchema),
    defaultValues: EMPTY,
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (member) => {
    setFailure(null);
    try {
      onDone(await add.mutateAsync(member));
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'The agent could not be added.'));
    }
  });

  return (
    <form className="form settings-subform" onSubmit={onSubmit} noValidate aria-labelledby="add-agent-title">
      <h3 id="add-agent-title" className="settings-subform__title">
        Add agent
      </h3>
      <div className="form__row">
        <TextField label="First name" error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <div className="form__row">
        <TextField label="Phone number" type="tel" error={errors.phone_number?.message} {...register('phone_number')} />
        <TextField
          label="E-mail"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Username"
          autoCapitalize="none"
          spellCheck={false}
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="First password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. They can change it in Settings.`}
          error={errors.password?.message}
          {...register('password')}
        />
      </div>
      <div className="form__actions">
        <Refusal message={failure} />
        <Button variant="ghost" onClick={() => onDone(null)} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending || !online}>
          {add.isPending ? 'Adding...' : 'Add agent'}
        </Button>
      </div>
    </form>
  );
}
