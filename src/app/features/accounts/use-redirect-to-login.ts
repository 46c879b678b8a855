import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Once `active`, goes to /login after `delayMs` (SPEC §9's pauses, long enough to read the
 * success text). Replaces the entry so Back does not return to a finished form or a used reset
 * link; leaving the screen first cancels the move.
 */
export function useRedirectToLogin(active: boolean, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, navigate]);
}
