import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { StaffBookingDetail } from '#domain/api/bookings';
import type { StoredQuoteView } from '#domain/api/quotes';
import { BOOKING_STATUSES, PAYMENT_METHODS } from '#domain/constants';
import type { LineOverrideInput } from '#domain/line-overrides';
import { formatMoney as decimalText, parseMoney } from '#domain/money';
import type { QuoteVehicle, RatePlan } from '#domain/rate-plan';
import {
  NEW_BOOKING_STATUSES,
  staffBookingSchema,
  staffBookingUpdateSchema,
  type StaffBookingUpdateInput,
} from '#domain/schemas/booking';
import { Button, buttonClass } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { formatMoney } from '../../../lib/format.ts';
import { refusalParts } from '../../../lib/form-errors.ts';
import { dateRangeError } from '../../../lib/date-range.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useAgentLocations } from '../../fleet/index.ts';
import {
  ExtrasFieldset,
  QuotePanel,
  usePlanQuote,
  type ChosenExtra,
  type RentalChoice,
  type ShownLine,
} from '../../booking-requests/index.ts';
import { useCurrency } from '#app/lib/currency';
import { bookingPayload, type BookingFormValues } from '../api/booking-payload.ts';
import { useBookingRatePlan } from '../api/get-booking-rate-plan.ts';
import {
  keepOverrides,
  overriddenLines,
  overridesBody,
  removeOverride,
  setOverride,
  storedQuote,
} from '../line-overrides.ts';
import { CustomerCombobox, type CustomerOption } from './customer-combobox.tsx';
import { LineOverride } from './line-override.tsx';
import { LocationField } from './location-field.tsx';
import { VehicleCombobox, type VehicleOption } from './vehicle-combobox.tsx';
import '../bookings.css';

const FIELDS = [
  'customer',
  'vehicle',
  'start_date',
  'end_date',
  'pickup_time',
  'dropoff_time',
  'pickup_location',
  'dropoff_location',
  'driver_age',
  'booking_amount',
  'booking_deposit',
  'payment_method',
  'booking_status',
  'estimated_mileage',
  'discount_amount',
  'discount_description',
  'notes',
] as const;

export interface BookingFormStart {
  values: BookingFormValues;
  customer: CustomerOption | null;
  vehicle: VehicleOption | null;
  /** Edit: the extras the booking took, the location ids and the quote it was stored with. */
  extras?: ChosenExtra[];
  pickupLocationId?: number | null;
  dropoffLocationId?: number | null;
  quote?: StoredQuoteView | null;
}

interface BookingFormProps {
  mode: 'add' | 'edit';
  start: BookingFormStart;
  /** Sends the body; the key is the same for a repeat of the same attempt. */
  save: (body: Record<string, unknown>, idempotencyKey: string) => Promise<StaffBookingDetail>;
  onSaved?: (booking: StaffBookingDetail) => void;
  cancel: LinkProps;
}

/**
 * What the last Save came to. A refusal is said beside the submit button; it takes the focus
 * unless a field's message took it (`fieldFocused`), which is then the place to start fixing.
 */
type Outcome =
  | { tone: 'success'; text: string; created?: number }
  | { tone: 'error'; text: string; detail?: string; fieldFocused: boolean; cause: unknown };

const TEXTS = {
  add: {
    saved: 'Booking successfully created!',
    failed: 'Failed to create booking. Please check your input.',
    submit: 'Add Booking',
    offline: 'You are offline, so this booking was not created: adding a booking needs a connection.',
  },
  edit: {
    saved: 'Booking updated successfully.',
    failed: 'Failed to update booking. Please check your input.',
    submit: 'Save Changes',
    offline: 'You are offline, so these changes were not saved: editing a booking needs a connection.',
  },
} as const;

const refusalText = (outcome: { text: string; detail?: string }) =>
  outcome.detail ? `${outcome.text} ${outcome.detail}` : outcome.text;

function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A whole number the quote can take as the driver's age (16–120), else none. */
function ageOf(text: unknown): number | null {
  const value = String(text ?? '').trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const age = Number(value);
  return age >= 16 && age <= 120 ? age : null;
}

/** The discount typed, in minor units: none when empty, null when it is no amount (nothing is priced then). */
function discountOf(text: unknown): number | null {
  const value = String(text ?? '').trim();
  return value === '' ? 0 : parseMoney(value);
}

/** The chosen vehicle as the quote reads it; none while its price is not known (the server's quote then stands). */
function quoteVehicle(vehicle: VehicleOption | null): QuoteVehicle | null {
  const pricePerDay = vehicle ? parseMoney(vehicle.pricePerDay) : null;
  if (!vehicle || pricePerDay === null || vehicle.categoryId === undefined) return null;
  return {
    id: vehicle.id,
    categoryId: vehicle.categoryId,
    pricePerDay,
    deposit: parseMoney(vehicle.deposit) ?? 0,
    mileageAllowance: vehicle.mileageAllowance ?? 0,
  };
}

export const REQUOTED_DATES = 'Dates changed — the price was quoted again.';
export const REQUOTED = 'The booking changed — the price was quoted again.';
const NO_PLAN_FOR_OVERRIDES = "Overrides need the agency's price list, which is not loaded.";

/** Add Booking and Edit Booking (SPEC §2, §9): one form, filled with the defaults or with the booking. */
export function BookingForm({ mode, start, save, onSaved, cancel }: BookingFormProps) {
  const texts = TEXTS[mode];
  const currency = useCurrency();
  const online = useOnline();
  const money = (amount: string | number) => formatMoney(amount, currency);
  const [customer, setCustomer] = useState<CustomerOption | null>(start.customer);
  const [vehicle, setVehicle] = useState<VehicleOption | null>(start.vehicle);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [extras, setExtras] = useState<ChosenExtra[]>(start.extras ?? []);
  const [extrasRefusal, setExtrasRefusal] = useState<string | null>(null);
  const [overridesRefusal, setOverridesRefusal] = useState<string | null>(null);
  const [stored] = useState(() => (start.quote ? storedQuote(start.quote) : null));
  const [overrides, setOverrides] = useState<LineOverrideInput[]>(stored?.overrides ?? []);
  // A typed amount replaces the quote's total; on an edit the stored deposit stands until the vehicle changes.
  const [amountTyped, setAmountTyped] = useState(false);
  const [depositEdited, setDepositEdited] = useState(mode === 'edit');
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const locationsQuery = useAgentLocations();
  // The operator sees every agency's locations: only the chosen vehicle's agency's are offered.
  const locations = (locationsQuery.data ?? []).filter(
    (location) => vehicle?.agencyId === undefined || location.agency_id === vehicle.agencyId,
  );

  const resolver: Resolver<BookingFormValues, unknown, StaffBookingUpdateInput> =
    mode === 'add'
      ? // The creation schema takes a narrower status (pending or confirmed) than the form's type,
        // which also serves Edit; it refuses any other status at run time, so the widening is safe.
        (valibotResolver(staffBookingSchema) as Resolver<BookingFormValues, unknown, StaffBookingUpdateInput>)
      : valibotResolver(staffBookingUpdateSchema);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BookingFormValues, unknown, StaffBookingUpdateInput>({ resolver, defaultValues: start.values });
  // The extras and the overrides live beside the form's fields: a change to them is unsaved work too.
  const sideText = JSON.stringify({ extras, overrides });
  const [savedSide, setSavedSide] = useState(sideText);
  useDirtyForm(isDirty || sideText !== savedSide);

  const [startDate, endDate, pickupTime, dropoffTime, pickupPlace, dropoffPlace, driverAge, discount, amount] =
    useWatch({
      control,
      name: [
        'start_date',
        'end_date',
        'pickup_time',
        'dropoff_time',
        'pickup_location',
        'dropoff_location',
        'driver_age',
        'discount_amount',
        'booking_amount',
      ],
    });

  /**
   * The id of a place that is one of the vehicle's pickup locations (the one-way fee and the
   * extras' stock follow it); an edit keeps the stored id while the place and vehicle are unchanged.
   */
  const locationIdOf = (place: unknown, startPlace: unknown, startId: number | null | undefined): number | null => {
    const name = String(place ?? '');
    if (startId !== undefined && name === String(startPlace ?? '') && vehicle?.id === start.vehicle?.id) return startId;
    const location = locations.find((candidate) => candidate.name === name);
    if (!location || (vehicle?.locationIds && !vehicle.locationIds.includes(location.id))) return null;
    return location.id;
  };
  const pickupLocationId = locationIdOf(pickupPlace, start.values.pickup_location, start.pickupLocationId);
  const dropoffLocationId = locationIdOf(dropoffPlace, start.values.dropoff_location, start.dropoffLocationId);

  const choice: RentalChoice = {
    startDate: String(startDate ?? ''),
    endDate: String(endDate ?? ''),
    pickupTime: String(pickupTime ?? ''),
    dropoffTime: String(dropoffTime ?? ''),
    pickupLocationId,
    dropoffLocationId,
    extras,
    driverAge: ageOf(driverAge),
    discount: discountOf(discount),
  };
  const planSource = useBookingRatePlan(vehicle?.id ?? null);
  const rental = usePlanQuote(vehicle?.id ?? null, () => quoteVehicle(vehicle), planSource, choice);
  const plan: RatePlan | null = rental.plan;

  // What prices the booking; an edit that changes none of it keeps the stored lines (as the server does).
  const pricingKey = JSON.stringify({ vehicle: vehicle?.id ?? null, ...choice });
  const [startKey] = useState(pricingKey);
  const repriced = mode === 'add' || pricingKey !== startKey;
  const datesChanged =
    choice.startDate !== start.values.start_date ||
    choice.endDate !== start.values.end_date ||
    choice.pickupTime !== start.values.pickup_time ||
    choice.dropoffTime !== start.values.dropoff_time;

  // A booking made before quotes keeps its amount until it is priced: then its total is the quote's.
  useEffect(() => {
    if (mode === 'edit' && !start.quote && repriced && !amountTyped) {
      setValue('booking_amount', '', { shouldDirty: true });
    }
  }, [mode, start.quote, repriced, amountTyped, setValue]);

  const baseLines: readonly ShownLine[] | null = repriced ? (rental.quote?.lines ?? null) : (stored?.lines ?? null);
  const kept = baseLines ? keepOverrides(overrides, baseLines) : { kept: overrides, dropped: [] };
  let shown: { lines: readonly ShownLine[]; total: number } | null = null;
  let overrideProblem: string | null = null;
  if (baseLines) {
    if (plan) {
      const applied = overriddenLines(baseLines, kept.kept, plan.taxRate);
      if (applied.ok) shown = applied;
      else overrideProblem = applied.message;
    }
    if (!shown) {
      shown = repriced
        ? rental.quote && { lines: rental.quote.lines, total: rental.quote.total }
        : stored && { lines: stored.lines, total: stored.total };
    }
  }
  const quoteTotal = shown?.total ?? null;
  const labelOf = (code: string) => stored?.lines.find((line) => line.code === code)?.label ?? code;

  const chooseVehicle = (option: VehicleOption | null) => {
    setVehicle(option);
    if (option && !depositEdited) setValue('booking_deposit', option.deposit, { shouldDirty: true });
  };

  const onValid = async () => {
    setOutcome(null);
    setExtrasRefusal(null);
    setOverridesRefusal(null);
    const values = getValues();
    const body = {
      ...bookingPayload(values),
      pickup_location_id: pickupLocationId,
      dropoff_location_id: dropoffLocationId,
      extras: extras.map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity })),
      driver_age: String(values.driver_age ?? '').trim() === '' ? null : values.driver_age,
      // Only the overrides whose line is still in the quote: the server refuses a code it has no line for.
      line_overrides: overridesBody(kept.kept),
    };
    const bodyText = JSON.stringify(body);
    // A repeat of the very same attempt (a lost reply, a double tap) keeps its key: one booking only.
    if (attempt.current?.body !== bodyText) attempt.current = { key: crypto.randomUUID(), body: bodyText };
    try {
      const booking = await save(body, attempt.current.key);
      attempt.current = null;
      setOutcome({ tone: 'success', text: texts.saved, ...(mode === 'add' ? { created: booking.id } : {}) });
      if (mode === 'add') {
        // SPEC §2: the form keeps its values for the next booking, but not the customer and vehicle.
        reset({ ...values, customer: '', vehicle: '' });
        setCustomer(null);
        setVehicle(null);
        setOverrides([]);
        setSavedSide(JSON.stringify({ extras, overrides: [] }));
      } else {
        reset(values);
        setSavedSide(sideText);
      }
      onSaved?.(booking);
    } catch (error) {
      if (error instanceof NetworkError) {
        setOutcome({
          tone: 'error',
          text: `${texts.offline} Your entries are kept here: save again when online.`,
          fieldFocused: false,
          cause: error,
        });
        return;
      }
      attempt.current = null;
      if (error instanceof ApiError && error.status === 409 && !error.fields.extras && !error.fields.vehicle) {
        // Dates taken: about the vehicle and both dates at once, so said whole beside the button.
        setOutcome({
          tone: 'error',
          text: texts.failed,
          detail: `${error.message} A vehicle cannot be booked twice for the same days: choose other dates or another vehicle.`,
          fieldFocused: false,
          cause: error,
        });
        return;
      }
      // The extras and the overrides are said beside the quote; the location ids under their places.
      if (error instanceof ApiError) {
        setExtrasRefusal(error.fields.extras?.[0] ?? null);
        setOverridesRefusal(error.fields.line_overrides?.[0] ?? null);
        for (const [id, place] of [
          ['pickup_location_id', 'pickup_location'],
          ['dropoff_location_id', 'dropoff_location'],
        ] as const) {
          const message = error.fields[id]?.[0];
          if (message) setError(place, { type: 'server', message });
        }
      }
      // The server's field messages under their fields, the first focused; what no field shows beside the button.
      const { fields, message } = refusalParts(error, FIELDS, '');
      const names = FIELDS.filter((name) => fields[name]);
      names.forEach((name, index) =>
        setError(name, { type: 'server', message: fields[name] }, { shouldFocus: index === 0 }),
      );
      setOutcome({
        tone: 'error',
        text: texts.failed,
        ...(message ? { detail: message } : {}),
        fieldFocused: names.length > 0,
        cause: error,
      });
    }
  };
  // The fields say what is wrong, and the first of them has the focus; the sentence waits beside the button.
  const onInvalid = (invalid: unknown) =>
    setOutcome({ tone: 'error', text: texts.failed, fieldFocused: true, cause: invalid });
  // handleSubmit is called at submit time, not while rendering: onValid reads and writes a ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(onValid, onInvalid)(event);

  const statuses = mode === 'add' ? NEW_BOOKING_STATUSES : BOOKING_STATUSES;
  const typed = String(amount ?? '').trim() !== '';
  const legacy = mode === 'edit' && !start.quote && !repriced;
  const totalText = quoteTotal === null ? null : money(decimalText(quoteTotal));
  const amountHint = legacy ? (
    'Made before itemised quotes: this amount stands until the vehicle, dates, times, places, extras, driver’s age or discount change.'
  ) : typed ? (
    <>
      The typed amount replaces the quote’s total{totalText ? ` (${totalText})` : ''}.{' '}
      <button
        type="button"
        className="staff-booking-form__use"
        onClick={() => {
          setAmountTyped(false);
          setValue('booking_amount', '', { shouldDirty: true });
        }}
      >
        Use the quote’s total
      </button>
    </>
  ) : totalText ? (
    `Left empty: the booking is charged the quote’s total, ${totalText}.`
  ) : (
    'Left empty: the booking is charged the quote’s total once the vehicle and dates are chosen. A typed amount replaces it.'
  );
  const quoteProblem = rental.problem;
  const youngDriver = plan?.fees.youngDriver ?? null;
  const requoted =
    mode === 'edit' && repriced
      ? `${datesChanged ? REQUOTED_DATES : REQUOTED}${kept.kept.length > 0 ? ' Your overrides are kept on the lines still quoted.' : ''}`
      : null;

  return (
    <form className="form staff-booking-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {!online ? (
        <StatusMessage tone="warning">
          You are offline. {mode === 'add' ? 'Adding' : 'Saving'} a booking needs a connection: you can fill the form
          and save when you are back online.
        </StatusMessage>
      ) : null}
      <fieldset className="form__section">
        <legend className="form__section-title">Customer and vehicle</legend>
        <div className="form__row">
          <Controller
            control={control}
            name="customer"
            render={({ field, fieldState }) => (
              <CustomerCombobox
                value={customer}
                onChange={(option) => {
                  setCustomer(option);
                  field.onChange(option ? option.id : '');
                }}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="vehicle"
            render={({ field, fieldState }) => (
              <VehicleCombobox
                value={vehicle}
                formatPrice={money}
                onChange={(option) => {
                  chooseVehicle(option);
                  field.onChange(option ? option.id : '');
                }}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Dates and times</legend>
        <div className="form__row">
          <TextField label="Start date" type="date" error={errors.start_date?.message} {...register('start_date')} />
          <TextField
            label="End date"
            type="date"
            error={errors.end_date?.message ?? dateRangeError(startDate, endDate)}
            {...register('end_date')}
          />
        </div>
        <div className="form__row">
          <TextField label="Pickup time" type="time" error={errors.pickup_time?.message} {...register('pickup_time')} />
          <TextField
            label="Dropoff time"
            type="time"
            error={errors.dropoff_time?.message}
            {...register('dropoff_time')}
          />
        </div>
        <div className="form__row">
          {(['pickup_location', 'dropoff_location'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <LocationField
                  label={name === 'pickup_location' ? 'Pickup location' : 'Dropoff location'}
                  value={String(field.value ?? '')}
                  onChange={(place) => {
                    field.onChange(place);
                    // Most rentals come back where they left: the dropoff follows until it is chosen.
                    if (name === 'pickup_location' && String(getValues('dropoff_location') ?? '') === '') {
                      setValue('dropoff_location', place, { shouldDirty: true });
                    }
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  locations={locations}
                  loading={locationsQuery.isPending && locationsQuery.fetchStatus !== 'idle'}
                  failed={locationsQuery.isError}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
        </div>
      </fieldset>
      <ExtrasFieldset
        extras={plan?.extras ?? []}
        chosen={extras}
        currency={plan?.currency ?? currency}
        onChange={(next) => {
          setExtras(next);
          setExtrasRefusal(null);
        }}
        error={extrasRefusal ?? (quoteProblem?.field === 'extras' ? quoteProblem.message : undefined)}
      />
      {youngDriver || String(driverAge ?? '') !== '' ? (
        <fieldset className="form__section">
          <legend className="form__section-title">Driver</legend>
          <TextField
            label="Driver's age"
            type="number"
            inputMode="numeric"
            min="16"
            max="120"
            step="1"
            hint={
              youngDriver
                ? `Drivers under ${youngDriver.underAge} pay a young-driver fee. Leave empty if not known.`
                : 'Leave empty if not known.'
            }
            error={
              errors.driver_age?.message ?? (quoteProblem?.field === 'driver_age' ? quoteProblem.message : undefined)
            }
            {...register('driver_age')}
          />
        </fieldset>
      ) : null}
      {/* The quote is its own region ("Price"); what it says about the edit comes first. */}
      <div className="form__section staff-booking-form__quote">
        {requoted ? <StatusMessage tone="info">{requoted}</StatusMessage> : null}
        {kept.dropped.map((override) => (
          <StatusMessage key={override.code} tone="warning">
            The override of {labelOf(override.code)} no longer applies: that line is not in the new quote.
          </StatusMessage>
        ))}
        {quoteProblem && !['extras', 'driver_age', 'quote'].includes(quoteProblem.field) ? (
          <StatusMessage tone="error">{quoteProblem.message}</StatusMessage>
        ) : null}
        {legacy ? (
          <p className="staff-booking-form__legacy">
            This booking was made before itemised quotes: it keeps its amount,{' '}
            {money(String(start.values.booking_amount ?? ''))}, until the vehicle, dates, times, places, extras,
            driver’s age or discount change; then it is quoted.
          </p>
        ) : (
          <QuotePanel
            rental={rental}
            appCurrency={currency}
            confirmedTitle="Quote"
            title={repriced ? undefined : 'Quote as stored'}
            lines={shown?.lines ?? null}
            total={shown?.total ?? null}
            chooseHint="Choose the vehicle and the dates to see the price."
            failedHint="The prices could not be loaded: the server prices the booking when it is saved."
            lineControls={(line) =>
              line.kind === 'tax' ? null : (
                <LineOverride
                  line={line}
                  override={overrides.find((override) => override.code === line.code)}
                  unavailable={plan ? null : NO_PLAN_FOR_OVERRIDES}
                  onApply={(override) => {
                    setOverrides((current) => setOverride(current, override));
                    setOverridesRefusal(null);
                  }}
                  onUndo={() => {
                    setOverrides((current) => removeOverride(current, line.code));
                    setOverridesRefusal(null);
                  }}
                />
              )
            }
          />
        )}
        {(overridesRefusal ?? overrideProblem) ? (
          <p className="field__error" role="alert">
            {overridesRefusal ?? overrideProblem}
          </p>
        ) : null}
      </div>
      <fieldset className="form__section">
        <legend className="form__section-title">Payment</legend>
        <div className="form__row">
          <TextField
            label="Booking amount"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            hint={amountHint}
            error={errors.booking_amount?.message}
            {...register('booking_amount', { onChange: () => setAmountTyped(true) })}
          />
          <TextField
            label="Deposit"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            hint={vehicle ? `This vehicle’s deposit is ${money(vehicle.deposit)}.` : 'Taken from the vehicle.'}
            error={errors.booking_deposit?.message}
            {...register('booking_deposit', { onChange: () => setDepositEdited(true) })}
          />
        </div>
        <div className="form__row">
          <TextField
            label="Discount amount"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            error={errors.discount_amount?.message}
            {...register('discount_amount')}
          />
          <TextField
            label="Discount description"
            error={errors.discount_description?.message}
            {...register('discount_description')}
          />
        </div>
        <div className="form__row">
          <SelectField label="Payment method" error={errors.payment_method?.message} {...register('payment_method')}>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {paymentMethodLabel(method)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Booking status" error={errors.booking_status?.message} {...register('booking_status')}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="form__section-title">Other</legend>
        <TextField
          label="Estimated mileage"
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          hint="Kilometres"
          error={errors.estimated_mileage?.message}
          {...register('estimated_mileage')}
        />
        <TextAreaField label="Notes" rows={3} error={errors.notes?.message} {...register('notes')} />
      </fieldset>
      <div aria-live="polite">
        {outcome?.tone === 'success' ? (
          <StatusMessage tone={outcome.tone}>
            {outcome.text}
            {outcome.created !== undefined ? (
              <>
                {' '}
                <Link to="/booking-details/$id" params={{ id: outcome.created }}>
                  View booking #{outcome.created}
                </Link>
              </>
            ) : null}
          </StatusMessage>
        ) : null}
      </div>
      <div className="form__actions">
        {outcome?.tone === 'error' && outcome.fieldFocused ? (
          <div className="refusal--block">
            <StatusMessage tone="error">{refusalText(outcome)}</StatusMessage>
          </div>
        ) : (
          <Refusal
            message={outcome?.tone === 'error' ? refusalText(outcome) : null}
            focusKey={outcome?.tone === 'error' ? outcome.cause : null}
          />
        )}
        <Link {...cancel} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : texts.submit}
        </Button>
      </div>
    </form>
  );
}
