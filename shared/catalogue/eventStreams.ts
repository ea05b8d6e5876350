/** The event a server sends on a server-sent stream it ends while the client should come back: it is stopping (SIGTERM), or lost its feed. */
export const RECONNECT_EVENT = 'reconnect';
/** How long the client waits before reconnecting (a balancer has then taken the stopping server out), at most twice this. */
export const RECONNECT_AFTER_MS = 1000;

/** The stream's last lines: the event with the standard `retry` field; src/providers/eventStream.ts reconnects without reporting a loss. */
export const RECONNECT_HINT = `retry: ${RECONNECT_AFTER_MS}\nevent: ${RECONNECT_EVENT}\ndata: ${RECONNECT_EVENT}\n\n`;

/** Every stream's description says it (server/lib/streamSessions.ts): such an end carries no hint, and the reconnection is refused. */
export const ENDS_WITH_SESSION =
  'The stream ends, with no event, within 5 s of its session being revoked, expiring or going idle, or of its admin being deleted or losing the permission it needs: reconnecting then answers 401.';
