import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiCustomer } from '#domain/api/customers';
import { customerSchema } from '#domain/schemas/customer';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { discardEntry, submitThroughOutbox } from '../../../offline/outbox.ts';
import { customerEditRequest, LICENSE_FIELD } from '../api/update-customer.ts';
import {
  changedFields,
  CUSTOMER_FIELDS,
  customerValues,
  FIELD_LABELS,
  fullName,
  outputValues,
  type CustomerField,
  type CustomerFormInput,
  type CustomerFormOutput,
  type CustomerValues,
} from '../customer-values.ts';
import { useCustomerEdits } from './customer-edit-status.tsx';
import { CustomerFields } from './customer-fields.tsx';
import { LicenseHolderFields, type LicenseHolderField } from './license-holder-fields.tsx';
import { licenseOnFile, LicensePicker, type LicenseChoice } from './license-picker.tsx';
import { NoticeDialog } from './notice-dialog.tsx';

const UPDATED = 'Customer updated successfully!';
const QUEUED = 'Saved on this device: the change is sent when the connection returns.';
const NO_CHANGES = 'No changes detected.';

/** The version of the record the form edits: its values and the updated_at the server checks. */
interface Version {
  values: CustomerValues;
  updatedAt: string;
}

interface Proposal {
  values: CustomerValues;
  changes: Partial<Record<CustomerField, string>>;
}

/**
 * The edit form. Saved through the outbox with the version it was loaded with, so an edit made
 * offline is sent later and a record someone else changed meanwhile is refused (and shown by
 * CustomerEditStatus) rather than overwritten. A newer server copy replaces the form only while
 * the user has not started typing.
 */
export function EditCustomerForm({
  customer,
  onDelete,
  deleteRefusal,
}: {
  customer: ApiCustomer;
  onDelete: () => void;
  /** Said beside Delete Customer when the deletion is refused. */
  deleteRefusal?: ReactNode;
}) {
  const entries = useCustomerEdits(customer.id);
  const [version, setVersion] = useState<Version>(() => ({
    values: customerValues(customer),
    updatedAt: customer.updated_at,
  }));
  const [license, setLicense] = useState<LicenseChoice | null>(null);
  const [licenseError, setLicenseError] = useState<string>();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: StatusTone; text: string } | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: valibotResolver(customerSchema),
    defaultValues: version.values,
  });
  const touched = isDirty || license !== null;
  const licenseHolderField = (name: LicenseHolderField) => ({ ...register(name), error: errors[name]?.message });
  useDirtyForm(touched);

  useEffect(() => {
    if (customer.updated_at === version.updatedAt || touched || entries.length > 0) return;
    const next = { values: customerValues(customer), updatedAt: customer.updated_at };
    setVersion(next);
    reset(next.values);
  }, [customer, version.updatedAt, touched, entries.length, reset]);

  const onSubmit = handleSubmit((output) => {
    setOutcome(null);
    const values = outputValues(output);
    setProposal({ values, changes: changedFields(values, version.values) });
  });

  const hasChanges = proposal !== null && (Object.keys(proposal.changes).length > 0 || license !== null);

  const save = async () => {
    if (!proposal) return;
    setSending(true);
    const result = await submitThroughOutbox(
      customerEditRequest({
        id: customer.id,
        fields: proposal.changes,
        license: license === null ? undefined : license.kind === 'replace' ? license.file : null,
        expectedUpdatedAt: version.updatedAt,
        label: `Changes to ${fullName(customer)}`,
      }),
    );
    setSending(false);
    setProposal(null);
    if (result.status === 'refused' && (result.entry.state !== 'conflict' || result.fields)) {
      await discardEntry(result.entry.id);
      const { [LICENSE_FIELD]: licenseErrors, ...fields } = result.fields ?? {};
      if (licenseErrors?.[0]) setLicenseError(licenseErrors[0]);
      applyServerFieldErrors(fields, setError, CUSTOMER_FIELDS);
      setOutcome({ tone: 'error', text: `Error: ${result.error || 'The customer could not be updated.'}` });
      return;
    }
    // Sent, queued or in conflict: the form now holds what was typed; the status above tells the rest.
    setVersion({ values: proposal.values, updatedAt: version.updatedAt });
    reset(proposal.values);
    setLicense(null);
    setFileKey((key) => key + 1);
    if (result.status === 'sent') setOutcome({ tone: 'success', text: UPDATED });
    else if (result.status === 'queued') setOutcome({ tone: 'info', text: QUEUED });
  };

  const blocked = entries.length > 0;

  return (
    <form className="form panel" onSubmit={onSubmit} noValidate aria-label={`Edit ${fullName(customer)}`}>
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <CustomerFields register={register} errors={errors} />
      <LicensePicker
        key={fileKey}
        owner={fullName(customer)}
        current={licenseOnFile(customer)}
        choice={license}
        onChoice={setLicense}
        error={licenseError}
        onError={setLicenseError}
        disabled={sending}
      >
        <LicenseHolderFields field={licenseHolderField} />
      </LicensePicker>
      {blocked ? (
        <p className="form__aside">
          An earlier change of this customer is still on this device; save again once it has been sent or resolved.
        </p>
      ) : null}
      <div className="form__actions customer-form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} />
        {deleteRefusal}
        <Button variant="danger" onClick={onDelete}>
          Delete Customer
        </Button>
        <span className="customer-form__spacer" />
        <Link to="/details/$id" params={{ id: customer.id }} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={sending || blocked}>
          {sending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>

      <ConfirmDialog
        open={hasChanges}
        title="Confirm changes"
        message={<ChangeList changes={proposal?.changes ?? {}} license={license} />}
        confirmLabel={sending ? 'Saving...' : 'Save Changes'}
        busy={sending}
        onConfirm={() => void save()}
        onCancel={() => setProposal(null)}
      />
      <NoticeDialog
        open={proposal !== null && !hasChanges}
        title="Confirm changes"
        onClose={() => setProposal(null)}
        actions={
          <Button variant="secondary" onClick={() => setProposal(null)} autoFocus>
            Close
          </Button>
        }
      >
        <p>{NO_CHANGES}</p>
      </NoticeDialog>
    </form>
  );
}

function ChangeList({
  changes,
  license,
}: {
  changes: Partial<Record<CustomerField, string>>;
  license: LicenseChoice | null;
}) {
  const entries = Object.entries(changes) as [CustomerField, string][];
  return (
    <>
      <p>Save these changes?</p>
      <ul className="change-list">
        {entries.map(([field, value]) => (
          <li key={field}>
            <strong>{FIELD_LABELS[field]}:</strong> {value === '' ? '(cleared)' : value}
          </li>
        ))}
        {license ? (
          <li>
            <strong>Driver&apos;s license:</strong> {license.kind === 'remove' ? 'removed' : 'new image'}
          </li>
        ) : null}
      </ul>
    </>
  );
}
