import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Refusal, useFocusFirstInvalid } from '../../../components/refusal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { refusalParts } from '../../../lib/form-errors.ts';
import { useUpdateSupplier, type AgencyProfile } from '../api/suppliers.ts';

/** The fields the server may name in a refusal; their messages go under them. */
const SUPPLIER_FIELDS = ['name', 'contact_email', 'phone_number', 'logo'];

/** A modal form for an agency's name, contact and logo; the server checks every field and the image. */
export function EditSupplierDialog({ agency, onClose }: { agency: AgencyProfile | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const update = useUpdateSupplier();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid<HTMLFormElement>(fieldErrors);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (agency && !dialog.open) dialog.showModal();
    if (!agency && dialog.open) dialog.close();
  }, [agency]);

  const close = () => {
    setError(null);
    setFieldErrors({});
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
      {
        onSuccess: close,
        onError: (failure) => {
          const { fields, message } = refusalParts(failure, SUPPLIER_FIELDS, 'The agency could not be saved.');
          setFieldErrors(fields);
          setError(message);
        },
      },
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
        <form key={agency.id} ref={formRef} onSubmit={submit} className="supplier-form">
          <h2 id={titleId} className="confirm-dialog__title">
            Edit {agency.name}
          </h2>
          <TextField
            label="Agency name"
            name="name"
            defaultValue={agency.name}
            required
            maxLength={150}
            error={fieldErrors['name']}
          />
          <TextField
            label="E-mail"
            name="contact_email"
            type="email"
            defaultValue={agency.contact_email}
            required
            error={fieldErrors['contact_email']}
          />
          <TextField
            label="Phone number"
            name="phone_number"
            type="tel"
            defaultValue={agency.phone_number}
            required
            error={fieldErrors['phone_number']}
          />
          <TextField label="Logo" name="logo" type="file" accept="image/*" error={fieldErrors['logo']} />
          <div className="confirm-dialog__actions">
            <Refusal message={error} focusKey={fieldErrors} />
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
