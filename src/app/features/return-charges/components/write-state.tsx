import * as v from 'valibot';
import { PARSE_CONFIG } from '#domain/schemas/parse';
import { returnChargeDecisionSchema, returnChargeEditSchema } from '#domain/schemas/return-charge';
import { ApiError } from '../../../lib/api-client.ts';
import { firstMessages } from '../../../lib/form-errors.ts';
import type { OutboxEntry } from '../../../offline/outbox.ts';
import { QueuedEntry } from '../../../offline/queued-entry.tsx';
import { chargeWriteOf, type ChargeWrite } from '../api/queued-charges.ts';
import type { ChargeOutcome, ReturnChargeWrites } from '../api/return-charges.ts';

/*
 * The return-charges panel's writes as a person sees them: checked by the form first, sent (or kept
 * on the device), and their state beside the charge they are for.
 */

/** The form's own check with the server's schema (an amount's format, a reason's length), before anything is kept. */
function checked(schema: typeof returnChargeDecisionSchema | typeof returnChargeEditSchema, body: object) {
  const parsed = v.safeParse(schema, body, PARSE_CONFIG);
  if (parsed.success) return null;
  const fields = firstMessages(v.flatten(parsed.issues).nested ?? {});
  return new ApiError(400, {
    error: 'Check the highlighted fields.',
    fields: Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, [text]])),
  });
}

type Send = ReturnChargeWrites['send'];

/** Sends a write unless the form's check refuses it; a refusal goes beside its field. */
export async function sendChecked(
  send: Send,
  write: ChargeWrite,
  label: string,
  refused: (error: unknown) => void,
): Promise<ChargeOutcome['status']> {
  const body = write.type === 'finalize' ? null : write.body;
  const local = body && checked(write.type === 'edit' ? returnChargeEditSchema : returnChargeDecisionSchema, body);
  if (local) {
    refused(local);
    return 'refused';
  }
  const outcome = await send(write, label);
  if (outcome.status === 'refused') refused(outcome.error);
  return outcome.status;
}

/** The write this screen is sending and has no answer for yet (its form stays, its buttons wait). */
export function asking(writes: ReturnChargeWrites): ChargeWrite | undefined {
  return writes.inFlight && !writes.inFlight.accepted ? chargeWriteOf(writes.inFlight.entry.request) : undefined;
}

export const Sending = () => <p className="return-charges__empty">Sending...</p>;

/** A write of this screen still on the device: being sent, waiting for the connection, or refused with Discard. */
export function WriteState({ entry, thing }: { entry: OutboxEntry | null; thing: string }) {
  if (!entry) return null;
  if (entry.state === 'sending') return <Sending />;
  return <QueuedEntry entry={entry} thing={thing} />;
}
