import { z } from 'zod';
import { CREDIT_REQUEST_STATUSES } from '../catalogue/creditRequests';
import { creditAdjustBody } from './credits';
import { dataAnswer, pageAnswer } from './envelope';
import { creditAmountSchema, idSchema, limitSchema, offsetSchema, timestamp } from './primitives';

/** A credit adjustment waiting for a second admin, or decided (four eyes, decisions.md). */
export const creditRequestRecord = z
  .strictObject({
    _id: idSchema,
    company_id: idSchema,
    /** The company's name now; null once the company is deleted. */
    company_name: z.string().nullable(),
    amount: creditAmountSchema,
    reason: z.string(),
    status: z.enum(CREDIT_REQUEST_STATUSES),
    /** The requesting admin's id, and their name when they asked. */
    requested_by: idSchema,
    requested_by_name: z.string(),
    created_at: timestamp,
    expires_at: timestamp,
    decided_by: idSchema.nullable(),
    decided_by_name: z.string().nullable(),
    decided_at: timestamp.nullable(),
    /** A rejection's reason. */
    decision_reason: z.string().nullable(),
  })
  .meta({ id: 'CreditRequest' });
export type CreditRequest = z.infer<typeof creditRequestRecord>;

export const creditRequestSearchBody = z.object({
  status: z.enum(CREDIT_REQUEST_STATUSES).optional(),
  company_id: idSchema.optional(),
  /** The requesting admin's id: the console's "Mine" filter sends the signed-in admin's. */
  requested_by: idSchema.optional(),
  offset: offsetSchema,
  limit: limitSchema,
});

export const creditRequestRejectBody = z.object({ reason: creditAdjustBody.shape.reason });

export const creditRequestPage = pageAnswer(creditRequestRecord);
export const creditRequestAnswer = dataAnswer(creditRequestRecord);

/** Four eyes by sum (docs/roles.md): how much the signed-in admin may still move alone now. */
const creditAllowanceRecord = z
  .strictObject({
    /** CREDIT_APPROVAL_THRESHOLD: the most an admin moves alone within the window. */
    threshold: z.number().min(0),
    /** CREDIT_APPROVAL_WINDOW_HOURS: the past hours over which what they moved is summed. */
    window_hours: z.number().int().positive(),
    /** What they moved alone within the window (no approver), by absolute amount. */
    moved: z.number().min(0),
    /** threshold − moved, at least 0; always 0 for a role that may only request. */
    remaining: z.number().min(0),
  })
  .meta({ id: 'CreditAllowance' });
export type CreditAllowance = z.infer<typeof creditAllowanceRecord>;
export const creditAllowanceAnswer = dataAnswer(creditAllowanceRecord);
