import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from '../../shared/catalogue/audit';

describe('audit trail', () => {
  it('labels every entity and action of the catalogue', () => {
    expect(AUDIT_ENTITIES.every((entity) => AUDIT_ENTITY_LABELS[entity])).toBe(true);
    expect(AUDIT_ACTIONS.every((action) => AUDIT_ACTION_LABELS[action])).toBe(true);
    expect(AUDIT_ACTION_LABELS.credit_adjustment).toBe('Credit adjustment');
  });
});
