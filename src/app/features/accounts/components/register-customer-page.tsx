import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { PASSWORD_MIN_LENGTH, REGISTRATION_REDIRECT_MS } from '#domain/constants';
import { customerRegistrationSchema, type CustomerRegistrationInput } from '#domain/schemas/accounts';
import { Button } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useRegisterCustomer } from '../api/register-customer.ts';
import { accountRefusal } from '../failure-message.ts';
import { useRedirectToLogin } from '../use-redirect-to-login.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SuccessNotice } from './success-notice.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import '../accounts.css';

const FIELDS = ['email', 'username', 'phone_number', 'first_name', 'last_name', 'password'] as const;

/** SPEC §2 /register-customer: the six required fields; on success its message, then /login after 2 s. */
export function RegisterCustomerPage() {
  const registration = useRegisterCustomer();
  useRedirectToLogin(registration.isSuccess, REGISTRATION_REDIRECT_MS);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<v.InferInput<typeof customerRegistrationSchema>, unknown, CustomerRegistrationInput>({
    resolver: valibotResolver(customerRegistrationSchema),
    defaultValues: { first_name: '', last_name: '', username: '', email: '', phone_number: '', password: '' },
  });

  useDirtyForm(isDirty && !registration.isSuccess);

  const onSubmit = handleSubmit((input) => {
    setFailure(null);
    registration.mutate(input, {
      onError: (error) => setFailure(accountRefusal(error, setError, FIELDS, 'Registration failed.', 'Registering')),
    });
  });

  return (
    <div className="page page--narrow accounts-page">
      <section className="panel auth-panel">
        <PageHeader title="Register" description="Create a customer account to request and manage your bookings." />
        {registration.isSuccess ? (
          <SuccessNotice
            next={
              <p className="form__footer">
                <Link to="/login">Go to login now</Link>
              </p>
            }
          >
            User registered successfully! Redirecting to login...
          </SuccessNotice>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <ConnectionNotice step="Registering" show={!(registration.error instanceof NetworkError)} />
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
              label="E-mail"
              type="email"
              autoComplete="email"
              spellCheck={false}
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
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password?.message}
              {...register('password')}
            />
            <Refusal message={failure} focusKey={registration.error} />
            <Button type="submit" className="form__submit" disabled={registration.isPending}>
              {registration.isPending ? 'Registering...' : 'Register'}
            </Button>
            <p className="form__footer">
              Already have an account? <Link to="/login">Login</Link>
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
