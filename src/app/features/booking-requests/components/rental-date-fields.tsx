import { memo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { todayIso } from '#domain/dates';
import { TextField } from '../../../components/text-field.tsx';
import { dateRangeError } from '../../../lib/date-range.ts';

interface RentalDateFieldsProps {
  /** `register('start_date')` and `register('end_date')` of the form. */
  start: UseFormRegisterReturn;
  end: UseFormRegisterReturn;
  startError?: string;
  endError?: string;
  /** The dates as typed so far (watched), for the end date's minimum. */
  startDate: string;
  endDate: string;
}

/**
 * Start and end date of a request: no day before today, no end before the start. Memoised: given
 * the same registrations, it re-renders only when the dates or their errors change.
 */
export const RentalDateFields = memo(function RentalDateFields({
  start,
  end,
  startError,
  endError,
  startDate,
  endDate,
}: RentalDateFieldsProps) {
  const today = todayIso();
  return (
    <div className="form__row">
      <TextField label="Start date" type="date" min={today} error={startError} {...start} />
      <TextField
        label="End date"
        type="date"
        min={startDate || today}
        error={endError ?? dateRangeError(startDate, endDate)}
        {...end}
      />
    </div>
  );
});
