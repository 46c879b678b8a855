import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type * as v from 'valibot';
import { AGENCY_LOGO_MAX_BYTES } from '#domain/constants';
import { MAX_HOLD_HOURS } from '#domain/request-hold';
import { MAX_SERVICE_INTERVAL_MONTHS } from '#domain/service-due';
import { agencyProfileSchema } from '#domain/schemas/agency';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { type AgencyProfile, useOwnAgency, useUpdateOwnAgency } from '../api/own-agency.ts';

const SAVED = 'Your agency has been saved.';
const NOT_SAVED = 'Your agency could not be saved.';
const NEEDS_CONNECTION = 'Saving your agency needs a connection. Try again when you are back online.';
// A refused logo (not an image, too large) is said above the button: the file field is not the form's.
const FIELDS = [
  'name',
  'contact_email',
  'phone_number',
  'service_interval_months',
  'tax_rate',
  'hold_hours',
  'postal_address',
  'vat_number',
] as const;
const LOGO_TOO_LARGE = `A logo may be at most ${AGENCY_LOGO_MAX_BYTES / (1024 * 1024)} MB.`;

type AgencyInput = v.InferInput<typeof agencyProfileSchema>;
type AgencyOutput = v.InferOutput<typeof agencyProfileSchema>;

const valuesOf = (agency: AgencyProfile): AgencyInput => ({
  name: agency.name,
  contact_email: agency.contact_email,
  phone_number: agency.phone_number,
  service_interval_months: String(agency.service_interval_months),
  tax_rate: agency.tax_rate,
  hold_hours: String(agency.hold_hours),
  postal_address: agency.postal_address,
  vat_number: agency.vat_number,
});

/**
 * "Your agency" in Settings: what customers see on the vehicle cards (name, logo), how the
 * agency is reached, and how often its vehicles are serviced. The owner edits it; agents read it.
 */
export function AgencyPanel({ canEdit }: { canEdit: boolean }) {
  const query = useOwnAgency();
  return (
    <section className="settings-panel" aria-labelledby="agency-title">
      <h2 id="agency-title" className="settings-panel__title">
        Your agency
      </h2>
      {query.data ? (
        canEdit ? (
          <AgencyForm agency={query.data} />
        ) : (
          <AgencySummary agency={query.data} />
        )
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading your agency..."
          failure="Your agency could not be loaded."
          offline="Your agency will appear when the connection returns."
        />
      )}
    </section>
  );
}

function Logo({ agency }: { agency: AgencyProfile }) {
  return agency.logo ? (
    <img className="agency-panel__logo" src={agency.logo} alt={`${agency.name} logo`} width={64} height={64} />
  ) : (
    <span className="agency-panel__logo agency-panel__logo--none" aria-hidden="true">
      {agency.name.charAt(0)}
    </span>
  );
}

function AgencySummary({ agency }: { agency: AgencyProfile }) {
  return (
    <div className="agency-panel__summary">
      <Logo agency={agency} />
      <dl className="agency-panel__facts">
        <dt>Name</dt>
        <dd>{agency.name}</dd>
        <dt>E-mail</dt>
        <dd>{agency.contact_email}</dd>
        <dt>Phone number</dt>
        <dd>{agency.phone_number}</dd>
        <dt>Service interval</dt>
        <dd>{agency.service_interval_months} months</dd>
        <dt>Tax rate</dt>
        <dd>{agency.tax_rate}%</dd>
        <dt>Hold on accepted requests</dt>
        <dd>{agency.hold_hours} hours</dd>
        <InvoiceDetailsSummary agency={agency} />
      </dl>
      <p className="settings-panel__lead">Only the agency owner can change these.</p>
    </div>
  );
}

function AgencyForm({ agency }: { agency: AgencyProfile }) {
  const online = useOnline();
  const update = useUpdateOwnAgency();
  const logoInput = useRef<HTMLInputElement>(null);
  const [logoChosen, setLogoChosen] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: StatusTone; text: string } | null>(null);
  const baseline = useMemo(() => valuesOf(agency), [agency]);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<AgencyInput, unknown, AgencyOutput & { logo?: never }>({
    resolver: valibotResolver(agencyProfileSchema),
    defaultValues: baseline,
    values: baseline,
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty || logoChosen);

  // Checked with the server's schema, sent as typed: the schema's output holds the tax rate in basis points.
  const submit = async () => {
    setOutcome(null);
    const form = new FormData();
    for (const [field, value] of Object.entries(getValues())) form.set(field, String(value ?? '').trim());
    const logo = logoInput.current?.files?.[0];
    if (logo) {
      if (logo.size > AGENCY_LOGO_MAX_BYTES) {
        setLogoError(LOGO_TOO_LARGE);
        return;
      }
      form.set('logo', logo);
    }
    try {
      const saved = await update.mutateAsync(form);
      reset(valuesOf(saved));
      if (logoInput.current) logoInput.current.value = '';
      setLogoChosen(false);
      setOutcome({ tone: 'success', text: SAVED });
    } catch (error) {
      const refusal = refusalOf(error, setError, FIELDS, NOT_SAVED);
      if (refusal) setOutcome({ tone: 'error', text: refusal });
    }
  };
  // handleSubmit is called at submit time, not while rendering: the handler reads the file input.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(submit)(event);

  const sending = update.isPending;
  return (
    <form className="form agency-panel" onSubmit={onSubmit} noValidate aria-label="Your agency">
      <p className="settings-panel__lead">
        Customers see your agency&apos;s name and logo on your vehicles; the service interval decides how far a recorded
        service moves a vehicle&apos;s next service date; the hold decides how long an accepted request keeps its
        vehicle.
      </p>
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      <TextField label="Agency name" autoComplete="organization" error={errors.name?.message} {...register('name')} />
      <div className="form__row">
        <TextField
          label="Agency e-mail"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.contact_email?.message}
          {...register('contact_email')}
        />
        <TextField
          label="Agency phone number"
          type="tel"
          error={errors.phone_number?.message}
          {...register('phone_number')}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Service interval (months)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SERVICE_INTERVAL_MONTHS}
          error={errors.service_interval_months?.message}
          {...register('service_interval_months')}
        />
        <TextField
          label="Tax rate (%)"
          inputMode="decimal"
          hint="Added to invoices issued from now on, e.g. 20 or 17.5."
          error={errors.tax_rate?.message}
          {...register('tax_rate')}
        />
      </div>
      <TextField
        label="Hold on accepted requests (hours)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_HOLD_HOURS}
        hint="How long an accepted request keeps the vehicle for its customer to confirm. After that it expires."
        error={errors.hold_hours?.message}
        {...register('hold_hours')}
      />
      <InvoiceDetailsFields
        register={register}
        errors={{ postal_address: errors.postal_address?.message, vat_number: errors.vat_number?.message }}
      />
      <div className="agency-panel__logo-row">
        <Logo agency={agency} />
        <TextField
          ref={logoInput}
          label="Logo"
          type="file"
          accept="image/*"
          hint="PNG, JPEG or WebP, up to 5 MB. Shown square on the vehicle cards."
          error={logoError ?? undefined}
          onChange={(event) => {
            setLogoError(null);
            setLogoChosen((event.target.files?.length ?? 0) > 0);
          }}
        />
      </div>
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} />
        <Button type="submit" disabled={sending || !online}>
          {sending ? 'Saving...' : 'Save agency'}
        </Button>
      </div>
    </form>
  );
}

const NOT_GIVEN = <span className="agency-panel__none">Not given</span>;

/** The invoice details block of the summary: the postal address (its lines kept) and VAT number. */
function InvoiceDetailsSummary({ agency }: { agency: AgencyProfile }) {
  return (
    <>
      <dt>Postal address</dt>
      <dd className="agency-panel__address">{agency.postal_address || NOT_GIVEN}</dd>
      <dt>VAT number</dt>
      <dd>{agency.vat_number || NOT_GIVEN}</dd>
    </>
  );
}

/** The invoice details block of the form: what the agency's invoices print under its name. */
function InvoiceDetailsFields({
  register,
  errors,
}: {
  register: UseFormRegister<AgencyInput>;
  errors: { postal_address?: string | undefined; vat_number?: string | undefined };
}) {
  return (
    <fieldset className="form__section agency-panel__invoice">
      <legend className="form__section-title">On your invoices</legend>
      <div className="form__row">
        <TextAreaField
          label="Postal address"
          rows={3}
          autoComplete="street-address"
          hint="Printed under your agency's name on invoices, one line per line."
          error={errors.postal_address}
          {...register('postal_address')}
        />
        <TextField
          label="VAT number"
          autoCapitalize="characters"
          spellCheck={false}
          hint="Printed on invoices, e.g. GB 123 4567 89. Leave empty if you are not VAT registered."
          error={errors.vat_number}
          {...register('vat_number')}
        />
      </div>
    </fieldset>
  );
}
