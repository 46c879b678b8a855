import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useEmailConfirmationStatus, useResendConfirmationLink } from '../api/email-confirmation.ts';

const requestsText = (count: number) => (count === 1 ? '1 booking request' : `${count} booking requests`);

/**
 * Requests sent as a visitor from the customer's address wait until the address is confirmed by
 * the e-mailed link; this says so and sends the link again. Shows nothing otherwise, or offline.
 */
export function EmailConfirmationNotice() {
  const status = useEmailConfirmationStatus();
  const resend = useResendConfirmationLink();
  const state = status.data;
  if (!state || state.confirmed || state.waiting_requests === 0) return null;

  const waiting = state.waiting_requests;
  const failure = resend.error ? errorMessage(resend.error, 'The link could not be sent.') : null;
  return (
    <section className="panel dashboard-notice" aria-labelledby="email-confirmation-title">
      <h2 id="email-confirmation-title" className="dashboard-notice__title">
        {requestsText(waiting)} {waiting === 1 ? 'waits' : 'wait'} for your e-mail address
      </h2>
      <p className="dashboard-notice__text">
        {waiting === 1 ? 'It was' : 'They were'} sent from <strong>{state.email}</strong> before you had an account.
        Open the link we e-mailed to that address to add {waiting === 1 ? 'it' : 'them'} to your booking requests.
      </p>
      <div className="dashboard-notice__actions">
        <Button variant="secondary" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send the link again'}
        </Button>
      </div>
      {resend.isSuccess ? <StatusMessage tone="success">{resend.data.message}</StatusMessage> : null}
      {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
    </section>
  );
}
