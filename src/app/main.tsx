import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Until the PWA shell lands (issue 3), the app is one page that proves the server and the
 * database answer. It is replaced wholesale by the router and layouts.
 */
function Status() {
  const [state, setState] = useState<'checking' | 'ok' | 'down'>('checking');
  useEffect(() => {
    fetch('/api/health/')
      .then((response) => setState(response.ok ? 'ok' : 'down'))
      .catch(() => setState('down'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Fleet Rental</h1>
      <p role="status">
        {state === 'checking'
          ? 'Checking the service…'
          : state === 'ok'
            ? 'The service is running.'
            : 'The service is not reachable.'}
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Status />
    </StrictMode>,
  );
}
