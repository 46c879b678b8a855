import { useSyncExternalStore } from 'react';
import { earlyInstallOffer } from './install-capture.ts';

/** Chromium's install event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

function isBeforeInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function';
}

let deferred: BeforeInstallPromptEvent | null = null;
let capturing = false;
const listeners = new Set<() => void>();

function set(event: BeforeInstallPromptEvent | null): void {
  deferred = event;
  listeners.forEach((listener) => listener());
}

/**
 * Keeps the browser's install offer for the Install button. Started as early as possible:
 * Chromium fires `beforeinstallprompt` once, often before the first render.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  const early = earlyInstallOffer();
  if (early && isBeforeInstallPrompt(early)) deferred = early;
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPrompt(event)) return;
    // Stops the mini-infobar: the app offers installation with its own button.
    event.preventDefault();
    set(event);
  });
  window.addEventListener('appinstalled', () => set(null));
}

/** The pending install offer, or null when the browser has none (or the app is installed). */
export function useInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      captureInstallPrompt();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred,
    () => null,
  );
}

/** Shows the browser's install dialog; the offer can be used only once either way. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  set(null);
  await event.prompt();
  await event.userChoice;
}

/** iOS has no install event: Safari installs through Share → Add to Home Screen. */
export function isIosSafariInBrowser(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const iPadOs = ua.includes('Macintosh') && navigator.maxTouchPoints > 1;
  const ios = /iPhone|iPad|iPod/.test(ua) || iPadOs;
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
  const standalone =
    ('standalone' in navigator && navigator.standalone === true) ||
    window.matchMedia('(display-mode: standalone)').matches;
  return ios && !otherBrowser && !standalone;
}

// Loaded after the first paint: an offer made before is taken from install-capture.ts.
captureInstallPrompt();
