import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from './button.tsx';
import { StatusMessage } from './status-message.tsx';

/** What a screen shows when its data could not be loaded and nothing is cached. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
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
        {error instanceof Error && error.message ? error.message : 'Something went wrong.'}
      </StatusMessage>
    </div>
  );
}
