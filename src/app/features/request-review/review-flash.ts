import { useEffect, useState } from 'react';
import type { StatusTone } from '../../components/status-message.tsx';

export interface ReviewFlash {
  tone: StatusTone;
  text: string;
  /** The review waits on this device: the list says so until it has gone. */
  kept: boolean;
}

/**
 * What the review screen tells the list it returns to ("Review saved.", "...will be sent"):
 * kept in memory for the next list screen only, so a reload or a later visit does not repeat it.
 */
let pending: ReviewFlash | null = null;

export function flashAfterReview(flash: ReviewFlash): void {
  pending = flash;
}

const SENT_LATER: ReviewFlash = {
  tone: 'success',
  text: 'The review saved on this device has been sent.',
  kept: false,
};

/**
 * The message left by the review just saved, once. A review kept on this device is reported as
 * sent once the reviews waiting to send (`waitingCount`), having been seen, are all gone.
 */
export function useReviewFlash(waitingCount: number): ReviewFlash | null {
  const [flash] = useState(() => pending);
  const [sawWaiting, setSawWaiting] = useState(false);
  useEffect(() => {
    pending = null;
  }, []);
  if (waitingCount > 0 && !sawWaiting) setSawWaiting(true);
  return flash?.kept && sawWaiting && waitingCount === 0 ? SENT_LATER : flash;
}
