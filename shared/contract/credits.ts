import { z } from 'zod';
import { companyDetailRecord } from './companies';
import { dataAnswer, pageAnswer } from './envelope';
import { creditAmountSchema, idSchema, limitSchema, offsetSchema, timestamp } from './primitives';

/** One entry of a company's credit ledger: the balance moves only with one of these. */
export const creditEntryRecord = z
  .strictObject({
    _id: idSchema,
    amount: creditAmountSchema,
    balance_after: creditAmountSchema,
    reason: z.string(),
    /** Null for entries no admin made (the opening balances of the migration). */
    admin_id: z.string().nullable(),
    admin_name: z.string().nullable(),
    /** The second admin of an adjustment approved through a credit request; `admin_*` is then its requester. */
    approved_by: z.string().nullable(),
    approved_by_name: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'CreditEntry' });
export type CreditEntry = z.infer<typeof creditEntryRecord>;

export const creditAdjustBody = z.object({
  amount: creditAmountSchema.refine((value) => value !== 0, 'must not be zero').meta({ not: { const: 0 } }),
  reason: z.string().trim().min(1).max(500),
});

export const creditSearchBody = z.object({ offset: offsetSchema, limit: limitSchema });

export const creditAdjustAnswer = dataAnswer(companyDetailRecord);
export const creditEntryPage = pageAnswer(creditEntryRecord);
