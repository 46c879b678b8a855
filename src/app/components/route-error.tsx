import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useStaleBuild } from '../pwa/stale-build.ts';
import { isChunkLoadError, isHeld } from '../pwa/stale-build-policy.ts';
import { Button } from './button.tsx';
import { LoadingState } from './loading-state.tsx';
import { StatusMessage } from './status-message.tsx';

/** What a screen shows when its data or its code could not be loaded and nothing is cached. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const staleBuild = useStaleBuild();
  const missingCode = isChunkLoadError(error);
  if (missingCode && (staleBuild === 'checking' || staleBuild === 'reloading')) {
    return (
      <div className="page">
        <LoadingState label="Loading the new version of the app…" />
      </div>
    );
  }
  // The stale-build alert carries the reload; this screen only says why it is empty.
  if (missingCode && isHeld(staleBuild)) {
    return (
      <div className="page">
        <StatusMessage tone="warning">This screen needs the new version of the app.</StatusMessage>
      </div>
    );
  }
  return (
    <div className="page">
      <StatusMessage
        tone="error"
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
        }
      >
        {missingCode
          ? 'This screen could not be loaded. Check your connection, then try again.'
          : error instanceof Error && error.message
            ? error.message
            : 'Something went wrong.'}
      </StatusMessage>
    </div>
  );
}
