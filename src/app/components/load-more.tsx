import { countLabel } from '../lib/count-label.ts';
import { Button } from './button.tsx';

interface LoadMoreProps {
  shown: number;
  total: number;
  /** The server stopped counting at `total`: there may be more. */
  totalCapped?: boolean | undefined;
  /** The plural: "booking requests", "bookings" (one of them drops the s). */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** "Showing 12 of 30 vehicles" (or "12 vehicles" once all are shown) and a Load more button: a list never pretends its first page is all there is. */
export function LoadMore({ shown, total, totalCapped, noun, hasMore, loading, onLoadMore }: LoadMoreProps) {
  return (
    <div className="load-more">
      <p className="load-more__count" aria-live="polite">
        {countLabel(shown, total, noun, totalCapped)}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading more...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
