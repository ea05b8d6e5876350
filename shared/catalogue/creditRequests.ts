/** Four eyes on credits (decisions.md): what a request can be, and the defaults of its settings. */
export const CREDIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type CreditRequestStatus = (typeof CREDIT_REQUEST_STATUSES)[number];

/** An adjustment that takes an admin's sum moved alone within the window above this waits for a second admin (`CREDIT_APPROVAL_THRESHOLD`). */
export const DEFAULT_CREDIT_APPROVAL_THRESHOLD = 1000;
/** A pending request expires after this many hours (`CREDIT_REQUEST_TTL_HOURS`). */
export const DEFAULT_CREDIT_REQUEST_TTL_HOURS = 72;
/** The sum an admin moves alone is counted over this many past hours (`CREDIT_APPROVAL_WINDOW_HOURS`). */
export const DEFAULT_CREDIT_APPROVAL_WINDOW_HOURS = 24;
