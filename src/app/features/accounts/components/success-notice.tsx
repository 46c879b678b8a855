import { useEffect, useRef, type ReactNode } from 'react';
import { StatusMessage } from '../../../components/status-message.tsx';

interface SuccessNoticeProps {
  children: ReactNode;
  /** What comes after the message: a way on without waiting, another try. */
  next?: ReactNode;
}

/**
 * Takes the place of a sent form. Focus moves onto it, since the button that had focus is gone,
 * and so that screen readers read it even where a freshly inserted live region stays silent.
 */
export function SuccessNotice({ children, next }: SuccessNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="accounts-success">
      <StatusMessage tone="success">{children}</StatusMessage>
      {next}
    </div>
  );
}
