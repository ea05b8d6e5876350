import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import type { CreditRequestStatus } from '../../../shared/catalogue/creditRequests';

/** What the Adjust balance dialog says when the adjustment will wait for a second admin. */
export const APPROVAL_NOTICE = 'A second admin (finance or owner) must approve this adjustment.';
/** What the Adjust balance dialog says of the admin's allowance (four eyes by sum): how much they may still move alone. */
export const allowanceNotice = (remaining: string, windowHours: number): string =>
  `You may still move ${remaining} alone ${windowHours === 24 ? 'today' : `in ${windowHours} hours`}; beyond that a second admin approves.`;
/** The toast of an adjustment that became a request (202): nothing moved yet. */
export const ADJUSTMENT_PENDING = 'Request sent: it awaits approval by a second admin. The balance has not moved.';
export const REQUEST_APPROVED = 'Request approved: the balance has moved.';
export const REQUEST_REJECTED = 'Request rejected.';
export const NO_PENDING_REQUEST = 'No request awaits approval.';

/** The refusals of a decision that need words; any other shows its code, as every screen does. */
const DECISION_REFUSALS: Partial<Record<string, string>> = {
  [ErrorCode.SELF_APPROVAL]: 'You asked for this adjustment: another admin must approve it.',
  [ErrorCode.ALREADY_DECIDED]: 'This request was already approved, rejected or has expired.',
  [ErrorCode.REFERENCE_GONE]: 'This company was deleted since the request: reject it instead.',
};

export const decisionFailureText = (code: string): string => DECISION_REFUSALS[code] ?? code;

/** The filter of the requests still waiting. */
export const PENDING_REQUESTS = { status: 'pending' } as const;

/** The Approvals page's tabs, one per status, each with what it says when it lists nothing. */
export const REQUEST_TABS = [
  { status: 'pending', label: 'Pending', empty: NO_PENDING_REQUEST },
  { status: 'approved', label: 'Approved', empty: 'No approved request.' },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected request.' },
  { status: 'expired', label: 'Expired', empty: 'No expired request.' },
] as const satisfies ReadonlyArray<{ status: CreditRequestStatus; label: string; empty: string }>;

/** The list's text when no status is chosen (a link without one). */
export const NO_REQUEST = 'No request found.';
