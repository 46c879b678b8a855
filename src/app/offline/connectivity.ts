import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export const HEALTH_URL = '/api/health/';
const PROBE_TIMEOUT_MS = 3_000;
/** Offline, look often so the queue goes out soon after the signal returns; online, only to notice a silent drop. */
const OFFLINE_INTERVAL_MS = 30_000;
const ONLINE_INTERVAL_MS = 3 * 60_000;

let probing: Promise<boolean> | null = null;

/**
 * Asks the server, not `navigator.onLine` (which is true on a captive portal or a dead yard Wi-Fi):
 * any failure or non-2xx answer means offline. The answer feeds TanStack Query's `onlineManager`,
 * which pauses and resumes queries and wakes the outbox. Concurrent calls share one probe.
 */
export function checkConnectivity(): Promise<boolean> {
  probing ??= fetch(HEALTH_URL, {
    cache: 'no-store',
    credentials: 'omit',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then((response) => response.ok)
    .catch(() => false)
    .then((online) => {
      onlineManager.setOnline(online);
      return online;
    })
    .finally(() => {
      probing = null;
    });
  return probing;
}

/**
 * Probes on start, on the browser's online/offline events, when the page becomes visible, and on a
 * timer (often while offline). Replaces `onlineManager`'s own listener, which trusts
 * `navigator.onLine` alone. Returns the function that stops it.
 */
export function startConnectivity(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  // A first guess until the probe answers: the browser does know when there is no network at all.
  if (!navigator.onLine) onlineManager.setOnline(false);

  onlineManager.setEventListener(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (active) timer = setTimeout(probe, onlineManager.isOnline() ? ONLINE_INTERVAL_MS : OFFLINE_INTERVAL_MS);
    };
    const probe = () => {
      void checkConnectivity().finally(schedule);
    };
    const onOffline = () => {
      onlineManager.setOnline(false);
      probe();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') probe();
    };
    window.addEventListener('online', probe);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    probe();
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', probe);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });
  return () => onlineManager.setEventListener(() => undefined);
}

function subscribe(listener: () => void): () => void {
  return onlineManager.subscribe(listener);
}

/** True while the server answers (as last probed). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}
