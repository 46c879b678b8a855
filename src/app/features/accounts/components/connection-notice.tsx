import { StatusMessage } from '../../../components/status-message.tsx';
import { useOnline } from '../../../offline/connectivity.ts';

interface ConnectionNoticeProps {
  /** What needs the connection, as the start of a sentence: "Registering". */
  step: string;
  /** False while a failed call already says the same. */
  show?: boolean;
}

/** Said before the user fills the form in vain: unlike booking requests, this form is not kept to send later. */
export function ConnectionNotice({ step, show = true }: ConnectionNoticeProps) {
  const online = useOnline();
  if (online || !show) return null;
  return (
    <StatusMessage tone="warning">
      You are offline. {step} needs a connection, so this form cannot be sent until you are back online.
    </StatusMessage>
  );
}
