import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';

/** A record form's refusal, Cancel and submit. */
export function FormActions({
  failure,
  submitting,
  online,
  onCancel,
  children,
}: {
  failure: string | null;
  submitting: boolean;
  online: boolean;
  onCancel: () => void;
  children: string;
}) {
  return (
    <div className="form__actions">
      <Refusal message={failure} />
      <Button variant="ghost" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitting || !online}>
        {submitting ? 'Saving...' : children}
      </Button>
    </div>
  );
}
