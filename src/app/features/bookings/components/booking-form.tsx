import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { StaffBooking } from '#domain/api/bookings';
import { BOOKING_STATUSES, PAYMENT_METHODS } from '#domain/constants';
import { formatMoney as decimalText } from '#domain/money';
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
import { useCurrency } from '#app/lib/currency';
import { bookingPayload, type BookingFormValues } from '../api/booking-payload.ts';
import { suggestedAmount } from '../suggested-amount.ts';
import { CustomerCombobox, type CustomerOption } from './customer-combobox.tsx';
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
}

interface BookingFormProps {
  mode: 'add' | 'edit';
  start: BookingFormStart;
  /** Sends the body; the key is the same for a repeat of the same attempt. */
  save: (body: Record<string, unknown>, idempotencyKey: string) => Promise<StaffBooking>;
  onSaved?: (booking: StaffBooking) => void;
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

/** Add Booking and Edit Booking (SPEC §2, §9): one form, filled with the defaults or with the booking. */
export function BookingForm({ mode, start, save, onSaved, cancel }: BookingFormProps) {
  const texts = TEXTS[mode];
  const currency = useCurrency();
  const online = useOnline();
  const money = (amount: string | number) => formatMoney(amount, currency);
  const [customer, setCustomer] = useState<CustomerOption | null>(start.customer);
  const [vehicle, setVehicle] = useState<VehicleOption | null>(start.vehicle);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // On an edit the stored amount and deposit stand until the user asks for the suggestion.
  const [amountEdited, setAmountEdited] = useState(mode === 'edit');
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
  useDirtyForm(isDirty);

  const [startDate, endDate, discount] = useWatch({ control, name: ['start_date', 'end_date', 'discount_amount'] });
  const suggestion = suggestedAmount(
    { start: String(startDate ?? ''), end: String(endDate ?? ''), discount: String(discount ?? '') },
    vehicle?.pricePerDay ?? null,
  );
  const suggestedText = suggestion ? decimalText(suggestion.amount) : null;

  useEffect(() => {
    if (!amountEdited && suggestedText !== null) setValue('booking_amount', suggestedText, { shouldDirty: true });
  }, [amountEdited, suggestedText, setValue]);

  const chooseVehicle = (option: VehicleOption | null) => {
    setVehicle(option);
    if (option && !depositEdited) setValue('booking_deposit', option.deposit, { shouldDirty: true });
  };

  const onValid = async () => {
    setOutcome(null);
    const values = getValues();
    const body = bookingPayload(values);
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
      } else {
        reset(values);
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
      if (error instanceof ApiError && error.status === 409) {
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
  const amountHint = suggestion ? (
    <>
      Suggested: {money(decimalText(suggestion.amount))} ({suggestion.days} {suggestion.days === 1 ? 'day' : 'days'} ×{' '}
      {money(decimalText(suggestion.price))}
      {suggestion.discount ? ` − ${money(decimalText(suggestion.discount))} discount` : ''}).{' '}
      {amountEdited && suggestedText !== String(getValues('booking_amount') ?? '') ? (
        <button
          type="button"
          className="staff-booking-form__use"
          onClick={() => {
            setAmountEdited(false);
            setValue('booking_amount', suggestedText ?? '', { shouldDirty: true });
          }}
        >
          Use suggested amount
        </button>
      ) : null}
    </>
  ) : (
    'Suggested from the dates and the vehicle’s price per day once both are chosen; you may change it.'
  );

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
            {...register('booking_amount', { onChange: () => setAmountEdited(true) })}
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
