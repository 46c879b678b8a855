import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { EMAIL_CONFIRMATION_MISSING } from '#domain/schemas/accounts';
import { Button, buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { failureMessage } from '../failure-message.ts';
import { SuccessNotice } from './success-notice.tsx';
import '../accounts.css';

const STEP = 'Confirming your e-mail address';

/**
 * `/confirm-email?token=…`, the page the confirmation mail's link opens: it confirms the address
 * at once (the link is the consent), then says how many of the visitor's requests joined the
 * account and links to them.
 */
export function ConfirmEmailPage({ token }: { token?: string | undefined }) {
  return (
    <div className="page page--narrow accounts-page">
      <section className="panel auth-panel">
        <PageHeader
          title="Confirm Your E-mail Address"
          description="Booking requests you sent from this address before you had an account join your account."
        />
        {token ? (
          <Confirmation key={token} token={token} />
        ) : (
          <>
            <StatusMessage tone="error">{EMAIL_CONFIRMATION_MISSING}</StatusMessage>
            <NewLinkHint />
          </>
        )}
      </section>
    </div>
  );
}

function NewLinkHint() {
  return (
    <p className="form__footer">
      Links work once and for 24 hours. <Link to="/login">Sign in</Link> and use &ldquo;Send the link again&rdquo; on
      your dashboard for a new one.
    </p>
  );
}

function Confirmation({ token }: { token: string }) {
  const confirmation = useConfirmEmail();
  const { mutate } = confirmation;
  // Once per page: the link is single-use, and a second call (React's development double mount)
  // would spend nothing but would answer that the link was already used.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  if (confirmation.isSuccess) {
    return (
      <SuccessNotice
        next={
          <>
            <p className="form__footer">
              <Link to="/customer/booking-requests" className={buttonClass('primary')}>
                Open My Booking Requests
              </Link>
            </p>
            <p className="form__footer">You will be asked to sign in if you are not signed in on this device.</p>
          </>
        }
      >
        {confirmation.data.message}
      </SuccessNotice>
    );
  }
  if (confirmation.error) {
    const offline = confirmation.error instanceof NetworkError;
    return (
      <div className="accounts-success">
        <StatusMessage tone="error">
          {failureMessage(confirmation.error, 'Your e-mail address could not be confirmed.', STEP)}
        </StatusMessage>
        {offline ? (
          <p className="form__footer">
            <Button onClick={() => confirmation.mutate(token)}>Try again</Button>
          </p>
        ) : (
          <NewLinkHint />
        )}
      </div>
    );
  }
  return <StatusMessage tone="info">Confirming your e-mail address...</StatusMessage>;
}
