import { StatusMessage } from '../components/status-message.tsx';
import { LastUpdated } from './last-updated.tsx';

interface ListFreshnessProps {
  dataUpdatedAt: number;
  /** The last refetch failed: what is shown is the cached copy. */
  refreshFailed: boolean;
  /** More rows were asked for and did not come. */
  moreFailed: boolean;
}

/** Says when a list shown from the cache is not the live one, and since when. */
export function ListFreshness({ dataUpdatedAt, refreshFailed, moreFailed }: ListFreshnessProps) {
  return (
    <>
      {refreshFailed ? (
        <StatusMessage tone="warning">This list could not be refreshed; it shows what was loaded before.</StatusMessage>
      ) : null}
      {moreFailed ? <StatusMessage tone="error">More could not be loaded. Try again.</StatusMessage> : null}
      <LastUpdated dataUpdatedAt={dataUpdatedAt} />
    </>
  );
}
