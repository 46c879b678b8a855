import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { ratePlanSettingsSchema, type RatePlanSettingsInput } from '#domain/schemas/rate-plan-settings';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatMoney } from '../../../lib/format.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useRatePlan, useUpdateRateSettings, type RatePlanSettingsView } from '../api/rate-plan.ts';
import { percentText } from '../percent.ts';
import { wireAmount, wireOptionalAmount } from './money-text.ts';
import { PercentField } from './percent-field.tsx';

type SettingsValues = v.InferInput<typeof ratePlanSettingsSchema>;
const FIELDS = [
  'prices_include_tax',
  'hourly_basis_points',
  'one_way_flat_fee',
  'young_driver_under_age',
  'young_driver_charge',
  'young_driver_amount',
  'out_of_hours_opens',
  'out_of_hours_closes',
  'out_of_hours_amount',
  'price_per_extra_km',
  'fuel_policy',
  'fuel_price_per_eighth',
  'late_grace_minutes',
] as const;

const FUEL_WORDS = {
  full_to_full: 'Full to full',
  same_to_same: 'Same to same',
  prepaid: 'Prepaid',
} as const;
const CHARGE_WORDS = { per_day: 'a day', per_rental: 'a rental' } as const;

const valuesOf = (settings: RatePlanSettingsView): SettingsValues => ({
  prices_include_tax: settings.prices_include_tax,
  hourly_basis_points: settings.hourly_basis_points,
  one_way_flat_fee: settings.one_way_flat_fee ?? '',
  young_driver_under_age: settings.young_driver_under_age === null ? '' : String(settings.young_driver_under_age),
  young_driver_charge: settings.young_driver_charge,
  young_driver_amount: settings.young_driver_amount,
  out_of_hours_opens: settings.out_of_hours_opens ?? '',
  out_of_hours_closes: settings.out_of_hours_closes ?? '',
  out_of_hours_amount: settings.out_of_hours_amount,
  price_per_extra_km: settings.price_per_extra_km,
  fuel_policy: settings.fuel_policy,
  fuel_price_per_eighth: settings.fuel_price_per_eighth,
  late_grace_minutes: String(settings.late_grace_minutes),
});

/** Fees and terms: tax, hourly pricing, the one-way flat fee, young drivers, out of hours, mileage and fuel, the late return's grace. */
export function SettingsPanel({ canEdit, online }: { canEdit: boolean; online: boolean }) {
  const plan = useRatePlan();
  const settings = plan.data?.settings;
  // Here, not in the form: a save replaces the form (its key is the settings saved).
  const [saved, setSaved] = useState(false);
  return (
    <section className="panel rates-panel" aria-labelledby="rates-settings-title">
      <h2 id="rates-settings-title" className="rates-panel__title">
        Fees and terms
      </h2>
      <p className="rates-panel__lead">How your prices read, and the fees and terms every quote of yours carries.</p>
      {settings ? (
        canEdit ? (
          // A new form when the saved settings change (not when another list of the plan does).
          <SettingsForm key={JSON.stringify(settings)} settings={settings} online={online} onSaved={setSaved} />
        ) : (
          <SettingsSummary settings={settings} />
        )
      ) : (
        <QueryFallback
          query={plan}
          loadingLabel="Loading your fees and terms..."
          failure="Your fees and terms could not be loaded."
          offline="Your fees and terms will appear when the connection returns."
        />
      )}
      {saved ? <StatusMessage tone="success">Your fees and terms have been saved.</StatusMessage> : null}
    </section>
  );
}

function SettingsSummary({ settings }: { settings: RatePlanSettingsView }) {
  const currency = useCurrency();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <dl className="rates-facts">
      <dt>Prices</dt>
      <dd>{settings.prices_include_tax ? 'Include tax' : 'Tax is added on top'}</dd>
      <dt>Hourly rentals</dt>
      <dd>
        {settings.hourly_basis_points === 0
          ? 'A rental shorter than a day costs a day'
          : `Each hour ${percentText(settings.hourly_basis_points).slice(1)} of the day rate, at most the day rate`}
      </dd>
      <dt>One-way flat fee</dt>
      <dd>{settings.one_way_flat_fee ? money(settings.one_way_flat_fee) : 'None'}</dd>
      <dt>Young driver fee</dt>
      <dd>
        {settings.young_driver_under_age === null
          ? 'None'
          : `${money(settings.young_driver_amount)} ${CHARGE_WORDS[settings.young_driver_charge]} under ${settings.young_driver_under_age}`}
      </dd>
      <dt>Out-of-hours fee</dt>
      <dd>
        {settings.out_of_hours_opens && settings.out_of_hours_closes
          ? `${money(settings.out_of_hours_amount)} outside ${settings.out_of_hours_opens}–${settings.out_of_hours_closes}`
          : 'None'}
      </dd>
      <dt>Price per extra km</dt>
      <dd>{money(settings.price_per_extra_km)}</dd>
      <dt>Fuel</dt>
      <dd>
        {FUEL_WORDS[settings.fuel_policy]}, {money(settings.fuel_price_per_eighth)} per eighth missing
      </dd>
      <dt>Late return grace</dt>
      <dd>{settings.late_grace_minutes} minutes</dd>
    </dl>
  );
}

function SettingsForm({
  settings,
  online,
  onSaved,
}: {
  settings: RatePlanSettingsView;
  online: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const update = useUpdateRateSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsValues, unknown, RatePlanSettingsInput>({
    resolver: valibotResolver(ratePlanSettingsSchema),
    defaultValues: valuesOf(settings),
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    onSaved(false);
    try {
      await update.mutateAsync({
        ...values,
        one_way_flat_fee: wireOptionalAmount(values.one_way_flat_fee),
        young_driver_amount: wireAmount(values.young_driver_amount),
        out_of_hours_amount: wireAmount(values.out_of_hours_amount),
        price_per_extra_km: wireAmount(values.price_per_extra_km),
        fuel_price_per_eighth: wireAmount(values.fuel_price_per_eighth),
      });
      onSaved(true);
    } catch (error) {
      setFailure(refusalOf(error, setError, FIELDS, 'Your fees and terms could not be saved.'));
    }
  });

  return (
    <form className="form rates-settings" onSubmit={onSubmit} noValidate aria-label="Fees and terms">
      {!online ? (
        <StatusMessage tone="warning">
          Saving your fees and terms needs a connection. Try again when you are back online.
        </StatusMessage>
      ) : null}
      <fieldset className="form__section">
        <legend className="form__section-title">Prices</legend>
        <label className="rates-check">
          <input type="checkbox" {...register('prices_include_tax')} />
          <span>Prices I enter include tax</span>
        </label>
        <div className="form__row">
          <PercentField
            control={control}
            name="hourly_basis_points"
            label="Hourly share (%)"
            hint="Each hour of a rental shorter than a day costs this share of the day rate, never more than a day. 0: a short rental costs a day."
          />
          <TextField
            label="One-way flat fee"
            inputMode="decimal"
            hint="For a pair of locations without a fee of its own. Blank: none."
            error={errors.one_way_flat_fee?.message}
            {...register('one_way_flat_fee')}
          />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Young drivers</legend>
        <div className="form__row">
          <TextField
            label="Drivers under (age)"
            inputMode="numeric"
            hint="18 to 30. Blank: no young driver fee."
            error={errors.young_driver_under_age?.message}
            {...register('young_driver_under_age')}
          />
          <TextField
            label="Young driver fee"
            inputMode="decimal"
            error={errors.young_driver_amount?.message}
            {...register('young_driver_amount')}
          />
          <SelectField
            label="Young driver fee charged"
            error={errors.young_driver_charge?.message}
            {...register('young_driver_charge')}
          >
            <option value="per_day">Per day</option>
            <option value="per_rental">Per rental</option>
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Out of hours</legend>
        <p className="field__hint">A pickup or a dropoff outside these hours pays the fee once each. Blank: no fee.</p>
        <div className="form__row">
          <TextField
            label="Opens"
            type="time"
            error={errors.out_of_hours_opens?.message}
            {...register('out_of_hours_opens')}
          />
          <TextField
            label="Closes"
            type="time"
            error={errors.out_of_hours_closes?.message}
            {...register('out_of_hours_closes')}
          />
          <TextField
            label="Out-of-hours fee"
            inputMode="decimal"
            error={errors.out_of_hours_amount?.message}
            {...register('out_of_hours_amount')}
          />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Mileage and fuel</legend>
        <p className="field__hint">Shown on each quote as terms; charged at return.</p>
        <div className="form__row">
          <TextField
            label="Price per extra km"
            inputMode="decimal"
            hint="Beyond each vehicle's daily allowance."
            error={errors.price_per_extra_km?.message}
            {...register('price_per_extra_km')}
          />
          <SelectField label="Fuel policy" error={errors.fuel_policy?.message} {...register('fuel_policy')}>
            {Object.entries(FUEL_WORDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Price per eighth of a tank"
            inputMode="decimal"
            hint="Each eighth missing at return."
            error={errors.fuel_price_per_eighth?.message}
            {...register('fuel_price_per_eighth')}
          />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Late return</legend>
        <div className="form__row">
          <TextField
            label="Late return grace (minutes)"
            inputMode="numeric"
            hint="A return this long after its due time is on time; later, its hours are charged from the due time. 0 to 1440."
            error={errors.late_grace_minutes?.message}
            {...register('late_grace_minutes')}
          />
        </div>
      </fieldset>
      <div className="form__actions">
        <Refusal message={failure} />
        <Button type="submit" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Saving...' : 'Save fees and terms'}
        </Button>
      </div>
    </form>
  );
}
