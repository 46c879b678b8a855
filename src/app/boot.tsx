import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startApp } from './start.ts';

// The app itself, loaded by main.ts once the page has had its first frame.
performance.mark('fleet:entry-evaluated');
const root = document.getElementById('root');
if (root) {
  // The persisted cache is restored before the first render, so guards and screens already
  // seen work offline from the very first paint.
  void startApp().then((context) => {
    createRoot(root).render(
      <StrictMode>
        <App {...context} />
      </StrictMode>,
    );
  });
}
