import { useState } from 'react';
import { discardEntry, submitThroughOutbox, useOutboxEntries, type OutboxEntry } from '../../../../offline/outbox.ts';
import { LICENSE_FIELD, ownCustomerEditRequest } from '../../../customers/index.ts';
import { useObjectUrl } from '../../../../lib/use-object-url.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'sent' }
  /** Kept on this device: it goes when the connection returns. */
  | { status: 'queued' }
  | { status: 'failed'; reason: string | null };

function carriesLicense(entry: OutboxEntry): boolean {
  return (entry.request.form?.files[LICENSE_FIELD]?.length ?? 0) > 0;
}

function refused(entry: OutboxEntry): boolean {
  return entry.state === 'attention' || entry.state === 'conflict';
}

/**
 * Step 1's upload: the file goes through the outbox (PATCH customers/me/), so a license chosen
 * offline is kept and sent later. The picked file also gives the local preview.
 */
export function useLicenseUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const previewUrl = useObjectUrl(file);
  const licenseEntries = useOutboxEntries({ kind: 'own-customer-edit', target: 'customer:me' }).filter(carriesLicense);

  const upload = async (picked: File) => {
    setFile(picked);
    setState({ status: 'uploading' });
    try {
      const outcome = await submitThroughOutbox(ownCustomerEditRequest({ license: picked, label: "Driver's license" }));
      if (outcome.status === 'refused') {
        // The message is shown here; the refused entry must not linger in "needs attention" as well.
        void discardEntry(outcome.entry.id);
        setFile(null);
        setState({ status: 'failed', reason: outcome.error || null });
      } else {
        setState({ status: outcome.status });
      }
    } catch {
      // The device could not even store it (storage full or disabled).
      setFile(null);
      setState({ status: 'failed', reason: null });
    }
  };

  const reject = (reason: string) => setState({ status: 'failed', reason });

  return {
    file,
    previewUrl,
    state,
    upload,
    reject,
    /** A license upload saved on this device and not yet on the server (this visit's or an earlier one). */
    waiting: licenseEntries.some((entry) => !refused(entry)),
    /** An earlier upload the server refused, still in the sync panel. */
    refusedEarlier: licenseEntries.find(refused) ?? null,
  };
}

export type LicenseUpload = ReturnType<typeof useLicenseUpload>;
