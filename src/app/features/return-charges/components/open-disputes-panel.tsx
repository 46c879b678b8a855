import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useFocusWhenShown } from '../../../components/refusal.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { OPEN_DISPUTES_PAGE, useOpenDisputes, type StaffDispute } from '../api/open-disputes.ts';
import { AnswerDisputeForm } from './dispute-thread.tsx';
import '../return-charges.css';

function OpenDispute({ dispute, onAnswered }: { dispute: StaffDispute; onAnswered: (who: string) => void }) {
  const titleId = useId();
  const about = `${dispute.charge.label} on booking ${dispute.booking}`;
  return (
    <li className="return-charge open-dispute" aria-labelledby={titleId}>
      <div className="return-charge__line">
        <h3 id={titleId} className="return-charge__title">
          {dispute.charge.label}
        </h3>
        <span className="return-charge__amount">{formatMoney(dispute.charge.amount, dispute.currency)}</span>
      </div>
      <p className="return-charge__working">
        Booking {dispute.booking} · {dispute.customer.name} · disputed {formatDateTime(dispute.created_at)}
      </p>
      <blockquote className="open-dispute__message">{dispute.message}</blockquote>
      <Link to="/booking-details/$id" params={{ id: dispute.booking }} className="open-dispute__open">
        Open booking {dispute.booking}
      </Link>
      <AnswerDisputeForm disputeId={dispute.id} about={about} onAnswered={() => onAnswered(dispute.customer.name)} />
    </li>
  );
}

/**
 * "Open disputes" on the staff dashboard: each charge a customer disputed and nobody answered
 * yet (the agency's; the operator's: every agency's), oldest first, with its booking, customer,
 * charge, amount and message, a link to the booking and the Answer form. Answered, it leaves the
 * list and a line says the answer was sent (which takes the focus, the form being gone).
 */
export default function OpenDisputesPanel() {
  const [offset, setOffset] = useState(0);
  const query = useOpenDisputes(offset);
  const [sentTo, setSentTo] = useState<{ who: string; at: number } | null>(null);
  const sentRef = useFocusWhenShown<HTMLParagraphElement>(sentTo?.at ?? null);
  const titleId = useId();
  const page = query.data;
  const last = page ? Math.min(offset + page.items.length, page.total) : 0;
  const answered = (who: string) => {
    setSentTo({ who, at: Date.now() });
    // The last one of a later page answered: back a page rather than an empty one.
    if (page?.items.length === 1 && offset > 0) setOffset(Math.max(0, offset - OPEN_DISPUTES_PAGE));
  };
  return (
    <section className="panel return-charges open-disputes" aria-labelledby={titleId}>
      <h2 id={titleId} className="return-charges__title">
        Open disputes{page && page.total > 0 ? ` (${page.total})` : ''}
      </h2>
      {sentTo ? (
        <p ref={sentRef} tabIndex={-1} role="status" className="open-disputes__sent">
          Your answer was sent to {sentTo.who}.
        </p>
      ) : null}
      {page ? (
        page.items.length === 0 ? (
          <p className="return-charges__empty">No open disputes.</p>
        ) : (
          <>
            <ol className="return-charges__list" aria-label="Open disputes">
              {page.items.map((dispute) => (
                <OpenDispute key={dispute.id} dispute={dispute} onAnswered={answered} />
              ))}
            </ol>
            {page.total > OPEN_DISPUTES_PAGE ? (
              <div className="return-charge__form open-disputes__paging">
                <span className="return-charges__empty">
                  {offset + 1}–{last} of {page.total}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - OPEN_DISPUTES_PAGE))}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={last >= page.total}
                  onClick={() => setOffset(offset + OPEN_DISPUTES_PAGE)}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </>
        )
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading the open disputes..."
          failure="The open disputes could not be loaded."
          offline="The open disputes will appear when the connection returns."
        />
      )}
    </section>
  );
}
