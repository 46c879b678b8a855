import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useUpdateSupplier, type AgencyProfile } from '../api/suppliers.ts';

/** A modal form for an agency's name, contact and logo; the server checks every field and the image. */
export function EditSupplierDialog({ agency, onClose }: { agency: AgencyProfile | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const update = useUpdateSupplier();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (agency && !dialog.open) dialog.showModal();
    if (!agency && dialog.open) dialog.close();
  }, [agency]);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!agency) return;
    const form = new FormData(event.currentTarget);
    const logo = form.get('logo');
    if (logo instanceof File && logo.size === 0) form.delete('logo');
    update.mutate(
      { id: agency.id, form },
      { onSuccess: close, onError: (failure) => setError(errorMessage(failure, 'The agency could not be saved.')) },
    );
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!update.isPending) close();
      }}
    >
      {agency ? (
        <form key={agency.id} onSubmit={submit} className="supplier-form">
          <h2 id={titleId} className="confirm-dialog__title">
            Edit {agency.name}
          </h2>
          {error ? <StatusMessage tone="error">{error}</StatusMessage> : null}
          <TextField label="Agency name" name="name" defaultValue={agency.name} required maxLength={150} />
          <TextField label="E-mail" name="contact_email" type="email" defaultValue={agency.contact_email} required />
          <TextField label="Phone number" name="phone_number" type="tel" defaultValue={agency.phone_number} required />
          <TextField label="Logo" name="logo" type="file" accept="image/*" />
          <div className="confirm-dialog__actions">
            <Button variant="secondary" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
