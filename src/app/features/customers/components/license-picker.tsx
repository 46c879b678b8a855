import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useLicenseFile } from '../api/get-license-file.ts';
import { licenseFileProblem } from '../license-checks.ts';
import { LicenseImage } from './license-image.tsx';

export const NO_LICENSE = "No driver's license uploaded yet.";

/** A new image to send, or the one on file to remove. */
export type LicenseChoice = { kind: 'replace'; file: File } | { kind: 'remove' };

export interface LicenseOnFile {
  url: string;
  type: string | null;
  /** The record's updated_at: the file behind the one URL may have changed with it. */
  version: string;
}

interface LicensePickerProps {
  /** Whose license it is, for the image's text alternative. */
  owner: string;
  current: LicenseOnFile | null;
  choice: LicenseChoice | null;
  onChoice: (choice: LicenseChoice | null) => void;
  error: string | undefined;
  onError: (message: string | undefined) => void;
  disabled?: boolean;
  /** Fields asked for with the license (the dates of birth and expiry), shown under its title. */
  children?: ReactNode;
}

/**
 * The license of the staff customer forms: a labelled file input that takes an image of at most
 * 5 MB (SPEC §5), a preview that opens full size, and Remove for the license on file.
 */
export function LicensePicker({
  owner,
  current,
  choice,
  onChoice,
  error,
  onError,
  disabled,
  children,
}: LicensePickerProps) {
  const inputId = useId();
  const errorId = useId();
  const alt = owner ? `Driver's license of ${owner}` : "Driver's license";
  const showsCurrent = choice === null && current !== null;

  return (
    <fieldset className="form__section license-picker">
      <legend className="form__section-title">Driver&apos;s license</legend>
      {children}
      <div className="license-picker__preview">
        {choice?.kind === 'replace' ? (
          <ChosenPreview file={choice.file} alt={alt} />
        ) : showsCurrent ? (
          <OnFilePreview license={current} alt={alt} />
        ) : (
          <p className="license-picker__empty">{NO_LICENSE}</p>
        )}
        {choice?.kind === 'remove' ? (
          <p className="license-picker__note" role="status">
            The license on file will be removed when you save.
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {current || choice?.kind === 'replace' ? 'Replace license image' : 'License image'}
        </label>
        <input
          id={inputId}
          className="field__input license-picker__input"
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const problem = licenseFileProblem(file);
            onError(problem ?? undefined);
            if (problem) event.target.value = '';
            else onChoice({ kind: 'replace', file });
          }}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="license-picker__actions">
        {showsCurrent ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChoice({ kind: 'remove' })}>
            Remove license
          </Button>
        ) : null}
        {choice ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onError(undefined);
              onChoice(null);
            }}
          >
            {choice.kind === 'remove' ? 'Keep license' : 'Clear chosen image'}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function ChosenPreview({ file, alt }: { file: Blob; alt: string }) {
  const url = useObjectUrl(file);
  return url ? <LicenseImage src={url} alt={alt} /> : null;
}

/** The license on file, fetched with the session; a private document, never cached offline. */
export function OnFilePreview({ license, alt }: { license: LicenseOnFile; alt: string }) {
  const online = useOnline();
  const file = useLicenseFile(license.url, license.version);
  const url = useObjectUrl(file.data);
  if (license.type === 'application/pdf') {
    return (
      <a href={url ?? license.url} target="_blank" rel="noreferrer">
        View license (PDF)
      </a>
    );
  }
  if (url) return <LicenseImage src={url} alt={alt} />;
  if (file.isError || !online) {
    return (
      <p className="license-picker__empty">
        {online ? 'The license preview could not be loaded.' : 'A license is on file. Its preview needs a connection.'}
      </p>
    );
  }
  return (
    <p className="license-picker__empty" role="status">
      Loading license...
    </p>
  );
}

/** The license of a record as the picker takes it. */
export function licenseOnFile(customer: {
  drivers_license: string | null;
  drivers_license_type: string | null;
  updated_at: string;
}): LicenseOnFile | null {
  return customer.drivers_license
    ? { url: customer.drivers_license, type: customer.drivers_license_type, version: customer.updated_at }
    : null;
}
