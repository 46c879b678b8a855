import { useState } from 'react';
import { isIosSafariInBrowser, promptInstall, useInstallPrompt } from './install-prompt.ts';
import './pwa.css';

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M5 21h14" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * "Install app" where the browser offers installation; on iOS Safari, where it cannot be
 * offered from a page, a short hint instead; nothing otherwise.
 */
export function InstallButton() {
  const offer = useInstallPrompt();
  const [iosHint] = useState(isIosSafariInBrowser);

  if (offer) {
    return (
      <button type="button" className="pwa-install-button" onClick={() => void promptInstall()}>
        <DownloadIcon />
        <span className="pwa-install-button__label">Install app</span>
      </button>
    );
  }
  if (iosHint) {
    return (
      <details className="pwa-install-hint">
        <summary className="pwa-install-button">
          <DownloadIcon />
          <span className="pwa-install-button__label">Install app</span>
        </summary>
        <p role="note">
          Tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </p>
      </details>
    );
  }
  return null;
}
