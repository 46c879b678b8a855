import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** The spec's text, e.g. "No vehicles found." */
  message: string;
  /** A hint or an action under the message. */
  children?: ReactNode;
}

export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <svg className="empty-state__mark" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 7h16M4 12h16M4 17h10" />
      </svg>
      <p className="empty-state__message">{message}</p>
      {children ? <div className="empty-state__extra">{children}</div> : null}
    </div>
  );
}
