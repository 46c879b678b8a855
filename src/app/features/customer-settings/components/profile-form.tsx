import { valibotResolver } from '@hookform/resolvers/valibot';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { discardEntry, submitThroughOutbox, useOutboxEntries } from '../../../offline/outbox.ts';
import { ownCustomerQueryOptions, type ApiCustomer } from '../../customers/index.ts';
import { LICENSE_FIELD, ownCustomerEditRequest } from '../../customers/index.ts';
import { sessionQueryOptions } from '../../session/index.ts';
import {
  applyEdit,
  changedFields,
  pendingEdits,
  pendingLicense,
  PROFILE_FIELDS,
  profileFormSchema,
  profileValues,
  withPendingEdits,
  withoutUntouchedBlanks,
  type ProfileFormInput,
  type ProfileFormOutput,
} from '../profile-values.ts';
import { KinFields, LicenseHolderFields, type KinField, type LicenseHolderField } from '../../customers/index.ts';
import { LicenseField, type LicenseChange } from './license-field.tsx';

const SAVED = 'Your details have been saved.';
const QUEUED = 'Saved on this device; your changes will be sent when you are back online.';
const NO_CHANGES = 'No changes detected.';
const NOT_SAVED = 'Your details could not be saved.';

interface Outcome {
  tone: StatusTone;
  text: string;
  /** The refused write it tells of: each refusal moves the focus to it again. */
  key?: string;
}

/**
 * The customer's own details and license, saved through the outbox: sent at once when the server
 * answers, else kept on the device and sent later. Edits still waiting to send are shown in the
 * form (and said to be waiting), so a stale server copy never overwrites what the customer typed.
 */
export function ProfileForm({ customer, lastUpdated }: { customer: ApiCustomer; lastUpdated: ReactNode }) {
  const queryClient = useQueryClient();
  const entries = useOutboxEntries({ kind: 'own-customer-edit', target: 'customer:me' });
  const pending = useMemo(() => pendingEdits(entries), [entries]);
  const waiting = pending.some((entry) => entry.state !== 'sending');
  const baseline = useMemo(() => withPendingEdits(profileValues(customer), pending), [customer, pending]);

  const [license, setLicense] = useState<LicenseChange | null>(null);
  const [licenseError, setLicenseError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resolver = useMemo<Resolver<ProfileFormInput, unknown, ProfileFormOutput>>(() => {
    const validate = valibotResolver(profileFormSchema);
    return (values, context, options) => validate(withoutUntouchedBlanks(values, baseline), context, options);
  }, [baseline]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver,
    defaultValues: baseline,
    // A newer server copy (or a pending edit) fills the fields the customer has not touched.
    values: baseline,
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty || license !== null);
  const kinField = (name: KinField) => ({ ...register(name), error: errors[name]?.message });
  const licenseHolderField = (name: LicenseHolderField) => ({ ...register(name), error: errors[name]?.message });

  const onSubmit = handleSubmit(async (output) => {
    setOutcome(null);
    const changes = changedFields(output, baseline);
    if (Object.keys(changes).length === 0 && license === null) {
      setOutcome({ tone: 'info', text: NO_CHANGES });
      return;
    }
    const edit = ownCustomerEditRequest({
      fields: changes,
      license: license === null ? undefined : license.kind === 'replace' ? license.file : null,
      label: 'Your details',
    });
    // The header shows the name from the session: refresh it too once the server has the edit.
    const result = await submitThroughOutbox({
      ...edit,
      invalidate: [...edit.invalidate, sessionQueryOptions().queryKey],
    });
    if (result.status === 'refused') {
      await discardEntry(result.entry.id);
      const { [LICENSE_FIELD]: licenseErrors, ...fieldErrors } = result.fields ?? {};
      if (licenseErrors?.[0]) setLicenseError(licenseErrors[0]);
      const unplaced = applyServerFieldErrors(fieldErrors, setError, PROFILE_FIELDS);
      // Said once: under the fields when they say it all (the first focused), else beside Save changes.
      const saidUnderFields = Object.keys(result.fields ?? {}).length > 0 && unplaced.length === 0;
      if (!saidUnderFields) setOutcome({ tone: 'error', text: result.error || NOT_SAVED, key: result.entry.id });
      return;
    }
    // Show what was saved straight away; the refetch after sending replaces it with the server's copy.
    queryClient.setQueryData(ownCustomerQueryOptions().queryKey, (old) =>
      old ? applyEdit(old, changes, license?.kind === 'remove') : old,
    );
    reset({ ...baseline, ...changes });
    setLicense(null);
    setOutcome(result.status === 'sent' ? { tone: 'success', text: SAVED } : { tone: 'info', text: QUEUED });
  });

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="settings-panel__title">
        Your details
      </h2>
      {lastUpdated}
      {waiting && !isSubmitting ? (
        <StatusMessage tone="warning">
          Changes waiting to send: they are saved on this device and go to the server when you are back online.
        </StatusMessage>
      ) : null}

      <fieldset className="form__section">
        <legend className="form__section-title">Personal details</legend>
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
        <TextField label="National ID" error={errors.national_id?.message} {...register('national_id')} />
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">Address</legend>
        <TextField
          label="Street address"
          autoComplete="address-line1"
          error={errors.street_address?.message}
          {...register('street_address')}
        />
        <TextField
          label="Address line 2"
          hint="Optional"
          autoComplete="address-line2"
          error={errors.address_line2?.message}
          {...register('address_line2')}
        />
        <div className="form__row">
          <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <TextField
            label="Country"
            autoComplete="country-name"
            error={errors.country?.message}
            {...register('country')}
          />
        </div>
      </fieldset>

      <LicenseField
        current={
          customer.drivers_license
            ? { url: customer.drivers_license, type: customer.drivers_license_type, version: customer.updated_at }
            : null
        }
        pending={pendingLicense(pending)}
        change={license}
        onChange={(change) => {
          setOutcome(null);
          setLicense(change);
        }}
        error={licenseError}
        onError={setLicenseError}
        disabled={isSubmitting}
      >
        <LicenseHolderFields field={licenseHolderField} />
      </LicenseField>

      <KinFields number={1} field={kinField} hintClassName="settings-legend__hint" />
      <KinFields number={2} field={kinField} hintClassName="settings-legend__hint" />

      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} focusKey={outcome?.key} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
