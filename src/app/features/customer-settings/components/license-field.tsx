import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { useOnline } from '../../../offline/connectivity.ts';
import { useLicenseFile } from '../../customers/index.ts';
import { licenseFileProblem } from '../../customers/index.ts';
import type { PendingLicense } from '../profile-values.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { LicenseImage } from '../../customers/index.ts';

export const NO_LICENSE = "No driver's license uploaded yet.";

/** What the form will do with the license on Save. */
export type LicenseChange = { kind: 'replace'; file: File } | { kind: 'remove' };

export interface ServerLicense {
  url: string;
  type: string | null;
  /** The record's updated_at: the file behind the one URL may have changed with it. */
  version: string;
}

interface LicenseFieldProps {
  current: ServerLicense | null;
  /** The newest license change saved on this device and not yet sent. */
  pending: PendingLicense | null;
  change: LicenseChange | null;
  onChange: (change: LicenseChange | null) => void;
  error: string | undefined;
  onError: (message: string | undefined) => void;
  disabled: boolean;
  /** Fields asked for with the license (the dates of birth and expiry), shown under its title. */
  children?: ReactNode;
}

/**
 * The license part of the profile form: a preview of the license on file (an image, or a link for
 * a PDF the confirmation wizard took), and Replace / Remove, applied when the form is saved.
 */
export function LicenseField({
  current,
  pending,
  change,
  onChange,
  error,
  onError,
  disabled,
  children,
}: LicenseFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // What the customer will have after Save: their new choice, else what is waiting to send, else the server's.
  const local = change ?? pending;
  const hasLicense = local ? local.kind === 'replace' : current !== null;
  const note =
    change?.kind === 'replace'
      ? 'New license chosen: it is sent when you save your details.'
      : change?.kind === 'remove'
        ? 'Your license will be removed when you save your details.'
        : pending
          ? pending.kind === 'replace'
            ? 'New license waiting to send.'
            : 'Removal waiting to send.'
          : null;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = licenseFileProblem(file);
    onError(problem ?? undefined);
    if (!problem) onChange({ kind: 'replace', file });
  };

  return (
    <fieldset className="form__section license-field" aria-describedby={error ? errorId : undefined}>
      <legend className="form__section-title">Driver&apos;s license</legend>
      {children}
      <div className="license-field__body">
        {local?.kind === 'replace' ? (
          <BlobPreview file={local.file} />
        ) : !local && current ? (
          <ServerPreview license={current} />
        ) : (
          <p className="license-field__empty">{NO_LICENSE}</p>
        )}
        {note ? (
          <p className="license-field__note" role="status">
            {note}
          </p>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // Choosing the same file again must fire a change too.
          event.target.value = '';
        }}
      />
      <div className="license-field__actions">
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {hasLicense ? 'Replace license' : 'Upload license'}
        </Button>
        {hasLicense ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onError(undefined);
              // A new file chosen over nothing on file just goes away; anything stored is marked for deletion.
              onChange(current || pending?.kind === 'replace' ? { kind: 'remove' } : null);
            }}
          >
            Remove license
          </Button>
        ) : null}
        {change ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onError(undefined);
              onChange(null);
            }}
          >
            Undo license change
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A file chosen here or waiting in the outbox: shown from memory, no server involved. */
function BlobPreview({ file }: { file: Blob }) {
  const url = useObjectUrl(file);
  if (!url) return null;
  return file.type === 'application/pdf' ? <PdfLink href={url} /> : <LicenseImage src={url} />;
}

/** The license on file, fetched with the session (never cached offline: a private document). */
function ServerPreview({ license }: { license: ServerLicense }) {
  const online = useOnline();
  const file = useLicenseFile(license.url, license.version);
  const url = useObjectUrl(file.data);
  if (license.type === 'application/pdf') return <PdfLink href={url ?? license.url} />;
  if (url) return <LicenseImage src={url} />;
  if (file.isError || !online) {
    return (
      <p className="license-field__empty">
        {online
          ? 'The license preview could not be loaded.'
          : 'Your license is on file. Its preview needs a connection.'}
      </p>
    );
  }
  return (
    <p className="license-field__empty" role="status">
      Loading license...
    </p>
  );
}

function PdfLink({ href }: { href: string }) {
  return (
    <a className="license-field__pdf" href={href} target="_blank" rel="noreferrer">
      View license (PDF)
    </a>
  );
}
