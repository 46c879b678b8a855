/** The outbox's name: its Background Sync tag (answered by the service worker), Web Lock and BroadcastChannel. */
export const OUTBOX_SYNC_TAG = 'fleet-outbox';

/** Fired on `window` when the service worker relays a Background Sync wake-up to the outbox. */
export const DRAIN_OUTBOX_EVENT = 'fleet:drain-outbox';
