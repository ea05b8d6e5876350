/** The records whose pages say who else has them open, by their audit names (a record page's resource). */
export const PRESENCE_RESOURCES = ['company', 'offer', 'need', 'user', 'admin'] as const;
export type PresenceResource = (typeof PRESENCE_RESOURCES)[number];

export const isPresenceResource = (name: string): name is PresenceResource => (PRESENCE_RESOURCES as readonly string[]).includes(name);

/** How often an open record page says it is still open. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
/** A tab not heard from for this long has gone (closed without saying so): two missed heartbeats and some slack. */
export const PRESENCE_WINDOW_MS = 40_000;
