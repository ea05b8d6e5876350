import { describe, expect, it } from 'vitest';
import admins from '../../src/resources/admins';

describe('code splitting', () => {
  it('resource views are lazy, so the sign-in page does not load them', () => {
    const lazyType = Symbol.for('react.lazy');
    expect((admins.list as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
    expect((admins.edit as unknown as { $$typeof: symbol }).$$typeof).toBe(lazyType);
  });
});
