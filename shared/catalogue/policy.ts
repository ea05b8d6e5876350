/**
 * How sensitive each permission is, beyond who has it (shared/catalogue/permissions.ts): the one place that says which
 * calls need a fresh proof of identity (step-up) and which a second admin (four eyes). The server derives every route's
 * controls from it (server/lib/permissions.ts); docs/roles.md shows it, and tests enumerate the routes against it.
 */
import { ACTIONS, RESOURCES, type Action, type Resource } from './permissions';

/** A control that holds only in one case, which the route's handler judges (under its row lock, inside its transaction). */
export const CONDITIONS = {
  identity_changes: 'when the e-mail or the role changes (one’s own e-mail too)',
  balance_moves: 'when the balance moves',
  balance_held: 'when the company holds a balance',
  /** Four eyes by sum (server/lib/fourEyes.ts). */
  past_allowance: 'past what the admin may move alone: CREDIT_APPROVAL_THRESHOLD in CREDIT_APPROVAL_WINDOW_HOURS, by absolute amount',
} as const;
export type Condition = keyof typeof CONDITIONS;

export interface Sensitivity {
  /** A proof of identity at most STEP_UP_MINUTES old (401 REAUTH_REQUIRED otherwise): always, or in one case. */
  freshProof?: 'always' | Condition;
  /** A second admin approves it, in the case named. */
  fourEyes?: Condition;
}

const FRESH: Sensitivity = { freshProof: 'always' };

/** What holds for an action on any resource: every bulk action, 'Login as', approvals and sign-in changes. */
const EVERY_RESOURCE: Partial<Record<Action, Sensitivity>> = {
  bulk: FRESH,
  impersonate: FRESH,
  approve: FRESH,
  adjust: FRESH,
  secure: FRESH,
};

/** What a resource adds or overrides. */
const BY_RESOURCE: Partial<Record<Resource, Partial<Record<Action, Sensitivity>>>> = {
  admin: { create: FRESH, delete: FRESH, export: FRESH, update: { freshProof: 'identity_changes' } },
  user: { export: FRESH },
  audit_event: { export: FRESH },
  company: {
    update: { freshProof: 'balance_moves', fourEyes: 'past_allowance' },
    delete: { freshProof: 'balance_held', fourEyes: 'past_allowance' },
    bulk: { freshProof: 'always', fourEyes: 'past_allowance' },
  },
  // Adjusting and asking for an adjustment are one call (POST /company/{id}/credit): what may apply at once depends on the role.
  credit_entry: { request: { freshProof: 'always', fourEyes: 'past_allowance' } },
  account: { update: { freshProof: 'identity_changes' } },
};

/** The controls on `action` over `resource` (none: only the role's permission). */
export function sensitivityOf(resource: Resource, action: Action): Sensitivity {
  return { ...EVERY_RESOURCE[action], ...BY_RESOURCE[resource]?.[action] };
}

/** The policy's rows as declared, `resource: 'any'` for those of every resource: what docs/roles.md shows. */
export function policyRows(): Array<{ resource: Resource | 'any'; action: Action; sensitivity: Sensitivity }> {
  const actionsOf = (table: Partial<Record<Action, Sensitivity>>) => ACTIONS.filter((action) => table[action]);
  return [
    ...actionsOf(EVERY_RESOURCE).map((action) => ({ resource: 'any' as const, action, sensitivity: EVERY_RESOURCE[action] ?? {} })),
    ...RESOURCES.flatMap((resource) =>
      actionsOf(BY_RESOURCE[resource] ?? {}).map((action) => ({ resource, action, sensitivity: sensitivityOf(resource, action) })),
    ),
  ];
}
