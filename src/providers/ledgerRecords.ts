import type { RaRecord } from 'react-admin';
import type { AuditAction, AuditEntity } from '../../shared/catalogue/audit';

/** One line of a company's credit ledger (POST /company/{id}/credit/search), `_id` mapped to `id`. */
export interface CreditEntry extends RaRecord {
  amount: number;
  balance_after: number;
  reason: string;
  admin_id: string | null;
  admin_name: string | null;
  created_at: string;
}

/** A field's value before and after a change. */
export type FieldChange = [unknown, unknown];

/** One event of the audit trail (POST /audit/search), `_id` mapped to `id`. */
export interface AuditEvent extends RaRecord {
  created_at: string;
  admin_id: string | null;
  admin_name: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: string | null;
  changes: Record<string, FieldChange> | null;
  ip: string | null;
  request_id: string | null;
  /** Whether the record still exists. */
  exists: boolean;
}
