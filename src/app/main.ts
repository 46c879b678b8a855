import './styles/global.css';

/*
 * The entry: the app's code (boot.tsx with React, the router and the shell) is fetched and
 * compiled from the start — index.html preloads it — but run only after the page's first frame.
 * A reopened app's HTML already holds the landing as last seen (pwa/first-screen.ts); the browser
 * runs module scripts that are ready before it paints, so without this wait the kept first screen
 * would show only after the code had run.
 */
requestAnimationFrame(() => setTimeout(() => void import('./boot.tsx'), 0));
