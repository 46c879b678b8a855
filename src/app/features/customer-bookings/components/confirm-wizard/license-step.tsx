import { useId, type ChangeEvent } from 'react';
import type { ApiCustomer } from '#domain/api/customers';
import { LICENSE_MAX_BYTES } from '#domain/constants';
import { Refusal } from '../../../../components/refusal.tsx';
import { StatusMessage } from '../../../../components/status-message.tsx';
import { LicenseHolderFields, type LicenseHolderField } from '../../../customers/index.ts';
import type { DetailsForm } from './details-step.tsx';
import type { LicenseUpload } from './use-license-upload.ts';

const UPLOAD_FAILED = 'Upload failed. Please try again.';
const SAVED_ON_DEVICE = 'License saved on this device; it will be uploaded when you are back online.';

interface LicenseStepProps {
  customer: ApiCustomer;
  upload: LicenseUpload;
  /** Whether a license is there for the booking (on the server or waiting on this device). */
  hasLicense: boolean;
  /** The wizard's form: the date of birth and the license's expiry are sent with the confirmation. */
  form: DetailsForm;
}

/** Step 1: the driver's license as an image or PDF, uploaded at once (or kept for later offline). */
export function LicenseStep({ customer, upload, hasLicense, form }: LicenseStepProps) {
  const licenseHolderField = (name: LicenseHolderField) => ({
    ...form.register(name),
    error: form.formState.errors[name]?.message,
  });
  const inputId = useId();
  const statusId = useId();
  const failureId = useId();
  const { state, file, previewUrl } = upload;
  const failed = state.status === 'failed';
  const failure = state.status === 'failed' ? [UPLOAD_FAILED, state.reason].filter(Boolean).join(' ') : null;
  const savedOnDevice = state.status === 'queued' || (upload.waiting && state.status !== 'uploading');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a failure) is a change too.
    event.target.value = '';
    if (!picked) return;
    if (!picked.type.startsWith('image/') && picked.type !== 'application/pdf') {
      upload.reject('Please choose an image (JPG, PNG, etc.) or a PDF file.');
    } else if (picked.size > LICENSE_MAX_BYTES) {
      upload.reject('File size should not exceed 5MB.');
    } else {
      void upload.upload(picked);
    }
  };

  const preview = file && previewUrl ? { url: previewUrl, type: file.type } : serverLicense(customer);

  return (
    <div className={`license-step${failed ? ' license-step--invalid' : ''}`}>
      <p className="wizard__lead">
        Upload a photo or scan of your driver&apos;s license, as an image or a PDF. The agency checks it before you
        collect the vehicle.
      </p>
      <div id={statusId} aria-live="polite" className="license-step__status">
        {state.status === 'uploading' ? <StatusMessage tone="info">Uploading your license...</StatusMessage> : null}
        {savedOnDevice ? <StatusMessage tone="warning">{SAVED_ON_DEVICE}</StatusMessage> : null}
        {upload.refusedEarlier && !savedOnDevice && state.status === 'idle' ? (
          <StatusMessage tone="warning">
            An earlier license upload was refused
            {upload.refusedEarlier.lastError ? `: ${upload.refusedEarlier.lastError}` : '.'} Please upload it again.
          </StatusMessage>
        ) : null}
      </div>
      {hasLicense && state.status !== 'uploading' ? (
        <div className="license-preview">
          {savedOnDevice ? null : <p className="license-preview__done">License uploaded</p>}
          {preview ? <LicensePreview url={preview.url} type={preview.type} /> : null}
        </div>
      ) : (
        <p className="license-step__none">No driver&apos;s license uploaded yet.</p>
      )}
      <div className="license-upload">
        <input
          id={inputId}
          className="visually-hidden license-upload__input"
          type="file"
          accept="image/*,application/pdf"
          aria-invalid={failed || undefined}
          aria-describedby={failed ? `${statusId} ${failureId}` : statusId}
          disabled={state.status === 'uploading'}
          onChange={onChange}
        />
        <label htmlFor={inputId} className="button button--secondary license-upload__button">
          {hasLicense ? 'Replace License' : 'Upload License'}
        </label>
        <span className="license-upload__hint">Image (JPG, PNG, etc.) or PDF, up to 5MB.</span>
        {/* Beside the control that failed, focused: the next Tab goes back to Upload License. */}
        <Refusal id={failureId} className="refusal--block" message={failure} focusKey={state} />
      </div>
      <LicenseHolderFields field={licenseHolderField} />
    </div>
  );
}

function serverLicense(customer: ApiCustomer): { url: string; type: string } | null {
  return customer.drivers_license ? { url: customer.drivers_license, type: customer.drivers_license_type ?? '' } : null;
}

function LicensePreview({ url, type }: { url: string; type: string }) {
  if (type === 'application/pdf') {
    return (
      <a className="license-preview__pdf" href={url} target="_blank" rel="noreferrer">
        View your license (PDF)
      </a>
    );
  }
  return <img className="license-preview__image" src={url} alt="Your driver's license" />;
}
