import { valibotResolver } from '@hookform/resolvers/valibot';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { customerSchema } from '#domain/schemas/customer';
import { Button, buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useCreateCustomer } from '../api/create-customer.ts';
import { LICENSE_FIELD } from '../api/update-customer.ts';
import {
  CUSTOMER_FIELDS,
  emptyCustomerValues,
  outputValues,
  type CustomerFormInput,
  type CustomerFormOutput,
} from '../customer-values.ts';
import { CustomerFields } from './customer-fields.tsx';
import { LicenseHolderFields, type LicenseHolderField } from './license-holder-fields.tsx';
import { LicensePicker, type LicenseChoice } from './license-picker.tsx';
import { NoticeDialog } from './notice-dialog.tsx';
import '../customers.css';

const NOT_ADDED = 'The customer could not be added.';

/** /add-customer: the SPEC §3 customer form; "Customer Added!" offers another or the list. */
export function AddCustomerPage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const [license, setLicense] = useState<LicenseChoice | null>(null);
  const [licenseError, setLicenseError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  // A new key empties the file input too when the form is cleared.
  const [formKey, setFormKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: valibotResolver(customerSchema),
    defaultValues: emptyCustomerValues(),
  });
  const licenseHolderField = (name: LicenseHolderField) => ({ ...register(name), error: errors[name]?.message });
  useDirtyForm((isDirty || license !== null) && !added);

  const onSubmit = handleSubmit(async (output) => {
    setFailure(null);
    try {
      await create.mutateAsync({
        fields: outputValues(output),
        license: license?.kind === 'replace' ? license.file : null,
      });
      setAdded(true);
    } catch (error) {
      const licenseError = error instanceof ApiError ? error.fields[LICENSE_FIELD]?.[0] : undefined;
      if (licenseError) setLicenseError(licenseError);
      // Field messages go under their fields; the sentence beside Add Customer only when they don't say it all.
      setFailure(refusalOf(error, setError, [...CUSTOMER_FIELDS, LICENSE_FIELD], NOT_ADDED));
    }
  });

  const addAnother = () => {
    reset(emptyCustomerValues());
    setLicense(null);
    setLicenseError(undefined);
    setFormKey((key) => key + 1);
    setAdded(false);
  };

  return (
    <div className="page customers-form-page">
      <PageHeader title="Add Customer" description="A new customer with their address, license and next of kin." />
      <form key={formKey} className="form panel" onSubmit={onSubmit} noValidate aria-label="Add customer">
        <CustomerFields register={register} errors={errors} />
        <LicensePicker
          owner=""
          current={null}
          choice={license}
          onChoice={setLicense}
          error={licenseError}
          onError={setLicenseError}
          disabled={isSubmitting}
        >
          <LicenseHolderFields field={licenseHolderField} />
        </LicensePicker>
        <div className="form__actions">
          <Refusal message={failure} />
          <Link to="/customers/list" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Add Customer'}
          </Button>
        </div>
      </form>
      <NoticeDialog
        open={added}
        title="Customer Added!"
        onClose={addAnother}
        actions={
          <>
            <Button variant="secondary" onClick={addAnother} autoFocus>
              Add Another Customer
            </Button>
            <Button onClick={() => void navigate({ to: '/customers/list' })}>Customers List</Button>
          </>
        }
      >
        <p>The customer has been saved.</p>
      </NoticeDialog>
    </div>
  );
}
