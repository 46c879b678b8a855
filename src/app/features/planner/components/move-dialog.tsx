import { formatMoney as toDecimal } from '#domain/money';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrency } from '../../../lib/currency.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useMovePrice } from '../api/move-price.ts';
import type { Moving } from './planner-grid.tsx';
import { vehicleName } from '../planner-names.ts';

interface MoveDialogProps {
  moving: Moving;
  /** The vehicle's name on the line the booking goes to. */
  toVehicle: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Confirms a dropped booking: where it goes and what it will cost there, before anything is saved. */
export function MoveDialog({ moving, toVehicle, busy, onConfirm, onCancel }: MoveDialogProps) {
  const currency = useCurrency();
  const price = useMovePrice(moving.bar.id, moving.to);
  const money = (amount: string) => formatMoney(amount, currency);
  const sameVehicle = moving.to.vehicle === moving.from.vehicle;
  const days = (place: Moving['to']) => `${formatDate(place.start_date)} – ${formatDate(place.end_date)}`;

  return (
    <ConfirmDialog
      open
      title="Move booking"
      confirmLabel="Move booking"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <div className="move-dialog">
          <p>
            <strong>{moving.bar.label}</strong>
          </p>
          <dl className="move-dialog__facts">
            <dt>Vehicle</dt>
            <dd>{sameVehicle ? toVehicle : `${vehicleName(moving.row.vehicle)} → ${toVehicle}`}</dd>
            <dt>Dates</dt>
            <dd>
              {days(moving.from)} → {days(moving.to)}
            </dd>
            <dt>Price</dt>
            <dd aria-live="polite">
              {price.state === 'loading' ? 'Working out the new price…' : null}
              {price.state === 'offline'
                ? 'You are offline: the move is priced by the current rates when it is sent.'
                : null}
              {price.state === 'unknown'
                ? 'The new price could not be worked out; the move is priced when it is saved.'
                : null}
              {price.state === 'refused' ? <span className="move-dialog__refused">{price.message}</span> : null}
              {price.state === 'priced' ? (
                <>
                  {money(price.before)} → <strong>{money(price.after)}</strong>{' '}
                  <span className="move-dialog__difference">
                    (
                    {price.difference === 0
                      ? 'no change'
                      : `${price.difference > 0 ? '+' : '−'}${money(toDecimal(Math.abs(price.difference)))}`}
                    )
                  </span>
                </>
              ) : null}
            </dd>
          </dl>
        </div>
      }
    />
  );
}
