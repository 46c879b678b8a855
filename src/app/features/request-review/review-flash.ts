import { useEffect, useState } from 'react';
import type { StatusTone } from '../../components/status-message.tsx';

export interface ReviewFlash {
  tone: StatusTone;
  text: string;
}

/**
 * What the review screen tells the list it returns to ("Review saved.", "...will be sent"):
 * kept in memory for the next list screen only, so a reload or a later visit does not repeat it.
 */
let pending: ReviewFlash | null = null;

export function flashAfterReview(flash: ReviewFlash): void {
  pending = flash;
}

/** The message left by the review just saved, once. */
export function useReviewFlash(): ReviewFlash | null {
  const [flash] = useState(() => pending);
  useEffect(() => {
    pending = null;
  }, []);
  return flash;
}
