import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { onlineManager } from '@tanstack/react-query';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { SERVER_UNREACHABLE } from './outbox-policy.ts';
import { discardEntry, onEntrySent, submitThroughOutbox, type OutboxRequest } from './outbox.ts';

/**
 * sent: the server has it. The others keep it on this device and send it later: offline (no
 * server reached), retrying (the server failed, 5xx), queued (no answer yet, e.g. waiting behind
 * an earlier write), waiting-for-sign-in (the session ended).
 */
export type Delivery = 'sent' | 'offline' | 'retrying' | 'queued' | 'waiting-for-sign-in';

const online = () => onlineManager.isOnline();

/** The server's refusal: its sentence, and the field messages that no field of the form shows. */
export interface Refusal {
  /** The server's sentence, null when a field shows it already (said once). */
  message: string | null;
  unplaced: string[];
  /** A field shows a message (and has the focus), so the user is already looking at the problem. */
  placed: boolean;
  /** The fields the server named, those the form has or not (`start_date` for dates taken). */
  fieldNames: string[];
}

/**
 * A request form's write through the outbox. A refusal puts the server's field messages next to
 * the fields and drops the refused entry, so it does not also wait in "needs attention" while the
 * form shows it; anything else ends the form's job (sent, or saved to be sent later).
 */
export function useOutboxFormSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  /** A refused entry this form corrects (reopened from the sync panel): removed once the correction is saved. */
  replaces?: string,
) {
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  // A request kept for later may still go while the screen is open: then the screen says it went.
  useEffect(() => {
    if (pendingId === null) return;
    return onEntrySent(pendingId, () => setDelivery('sent'));
  }, [pendingId]);

  async function submit(request: OutboxRequest): Promise<void> {
    setRefusal(null);
    let outcome: Awaited<ReturnType<typeof submitThroughOutbox>>;
    try {
      outcome = await submitThroughOutbox(request);
    } catch {
      // IndexedDB refused the write (private mode, full disk): nothing was saved.
      setRefusal({
        message: 'The request could not be saved on this device. Please try again.',
        unplaced: [],
        placed: false,
        fieldNames: [],
      });
      return;
    }
    if (outcome.status === 'refused') {
      const unplaced = applyServerFieldErrors(outcome.fields, setError, fields);
      const shown = Object.entries(outcome.fields ?? {}).filter(([name]) => fields.includes(name));
      const underFields = shown.map(([, messages]) => messages[0]);
      const message = outcome.error && !underFields.includes(outcome.error) ? outcome.error : null;
      setRefusal({ message, unplaced, placed: shown.length > 0, fieldNames: Object.keys(outcome.fields ?? {}) });
      void discardEntry(outcome.entry.id);
      return;
    }
    if (replaces) {
      // The corrected request is kept (or sent): the refused one has nothing left to say.
      void discardEntry(replaces);
      history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    }
    if (outcome.status === 'sent') {
      setDelivery('sent');
      return;
    }
    const { entry } = outcome;
    setPendingId(entry.id);
    if (entry.state === 'paused') setDelivery('waiting-for-sign-in');
    else if (entry.attempts === 0 && entry.lastError === null) setDelivery(online() ? 'queued' : 'offline');
    else setDelivery(entry.lastError === SERVER_UNREACHABLE ? 'offline' : 'retrying');
  }

  return { submit, delivery, refusal };
}
