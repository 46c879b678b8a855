import type { ReactNode } from 'react';

export type StatusTone = 'success' | 'info' | 'warning' | 'error';

interface StatusMessageProps {
  tone?: StatusTone;
  children: ReactNode;
  /** A button or link at the end of the message. */
  action?: ReactNode;
}

/**
 * The app's replacement for the spec's alerts: errors interrupt the screen reader (role="alert"),
 * everything else waits its turn (role="status").
 */
export function StatusMessage({ tone = 'info', children, action }: StatusMessageProps) {
  return (
    <div className={`status-message status-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="status-message__text">{children}</span>
      {action ? <span className="status-message__action">{action}</span> : null}
    </div>
  );
}
