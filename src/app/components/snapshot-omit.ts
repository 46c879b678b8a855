/**
 * Marks what the kept first screen leaves out (pwa/first-screen.ts): cards past the first screen,
 * transient layers. Spread it on an element: `<div {...SNAPSHOT_OMIT}>`.
 */
export const SNAPSHOT_OMIT = { 'data-snapshot': 'omit' } as const;
