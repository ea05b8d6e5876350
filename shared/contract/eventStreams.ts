/** The event a server sends on a server-sent stream it ends while the client should come back: it is stopping (SIGTERM), or lost its feed. */
export const RECONNECT_EVENT = 'reconnect';
/** How long the client waits before reconnecting (a balancer has then taken the stopping server out), at most twice this. */
export const RECONNECT_AFTER_MS = 1000;

/**
 * The last lines of such a stream: the event, with the standard `retry` field (which EventSource honours by itself);
 * the console's stream client (src/providers/eventStream.ts) reconnects after it without reporting the stream as lost.
 */
export const RECONNECT_HINT = `retry: ${RECONNECT_AFTER_MS}\nevent: ${RECONNECT_EVENT}\ndata: ${RECONNECT_EVENT}\n\n`;
