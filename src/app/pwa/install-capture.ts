/**
 * Chromium fires `beforeinstallprompt` once, often before the first render, while the Install
 * button (install-prompt.ts) loads after the first paint: this keeps the event until then, and
 * stops the browser's own mini-infobar (the app offers installation with its button).
 */
let early: Event | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    early = event;
  });
  window.addEventListener('appinstalled', () => {
    early = null;
  });
}

/** The install offer made before the Install button was there, if any and not used since. */
export function earlyInstallOffer(): Event | null {
  return early;
}
