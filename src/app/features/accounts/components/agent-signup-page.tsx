import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '#domain/constants';
import { agentSignupSchema, type AgentSignupInput } from '#domain/schemas/accounts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useAgentSignup } from '../api/agent-signup.ts';
import { accountRefusal } from '../failure-message.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SuccessNotice } from './success-notice.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import '../accounts.css';

const FIELDS = ['agency_name', 'first_name', 'last_name', 'email', 'phone_number', 'username', 'password'] as const;
const STEP = 'Registering an agency';

/**
 * SPEC §2 /agent-signup ("Become a Partner", "Register your Agency"). The server creates the agency
 * as pending: its owner may sign in and set up the fleet at once, but the public sees its vehicles
 * only once the operator approves it — said before and after sending.
 */
export function AgentSignupPage() {
  const signup = useAgentSignup();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<v.InferInput<typeof agentSignupSchema>, unknown, AgentSignupInput>({
    resolver: valibotResolver(agentSignupSchema),
    defaultValues: {
      agency_name: '',
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      username: '',
      password: '',
    },
  });

  useDirtyForm(isDirty && !signup.isSuccess);

  const onSubmit = handleSubmit((input) => {
    setFailure(null);
    signup.mutate(input, {
      onError: (error) => setFailure(accountRefusal(error, setError, FIELDS, 'Agency registration failed.', STEP)),
    });
  });

  return (
    <div className="page page--narrow accounts-page accounts-page--wide">
      <section className="panel auth-panel">
        <PageHeader
          title="Become a Partner"
          description="Register your agency to rent out its vehicles to Fleet Rental's customers."
        />
        {signup.data ? (
          <SuccessNotice
            next={
              <Link to="/login" className={buttonClass('primary', 'md', 'form__submit')}>
                Go to login
              </Link>
            }
          >
            Thank you! {signup.data.agency.name} is registered and pending approval. We review every new agency before
            its vehicles are shown to the public. Meanwhile you can already sign in as{' '}
            <strong>{signup.variables.username}</strong> and add your vehicles.
          </SuccessNotice>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <StatusMessage tone="info">
              We review every new agency before its vehicles are shown to the public. You can sign in as soon as you
              have registered and add your vehicles: they stay hidden until your agency is approved.
            </StatusMessage>
            <ConnectionNotice step={STEP} show={!(signup.error instanceof NetworkError)} />
            <fieldset className="form__section">
              <legend className="form__section-title">Agency</legend>
              <TextField
                label="Agency name"
                autoComplete="organization"
                error={errors.agency_name?.message}
                {...register('agency_name')}
              />
            </fieldset>
            <fieldset className="form__section">
              <legend className="form__section-title">Contact person</legend>
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
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  spellCheck={false}
                  hint="Also the agency's contact address."
                  error={errors.email?.message}
                  {...register('email')}
                />
                <TextField
                  label="Phone number"
                  type="tel"
                  autoComplete="tel"
                  hint="For example +44 20 7946 0958."
                  error={errors.phone_number?.message}
                  {...register('phone_number')}
                />
              </div>
            </fieldset>
            <fieldset className="form__section">
              <legend className="form__section-title">Owner login</legend>
              <div className="form__row">
                <TextField
                  label="Username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  hint="Letters, digits and . _ + - only."
                  error={errors.username?.message}
                  {...register('username')}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                  error={errors.password?.message}
                  {...register('password')}
                />
              </div>
            </fieldset>
            <Refusal message={failure} focusKey={signup.error} />
            <Button type="submit" className="form__submit" disabled={signup.isPending}>
              {signup.isPending ? 'Submitting...' : 'Register agency'}
            </Button>
            <p className="form__footer">
              Already a partner? <Link to="/login">Login</Link>
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
