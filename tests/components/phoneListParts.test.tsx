import { createTheme } from '@mui/material';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMALL_SCREEN_QUERY } from '../../src/custom/components/useIsSmallScreen';
import { darkTheme, lightTheme } from '../../src/custom/layout/theme';
import { preloadScreensAt } from '../../src/resources';

const phoneParts = vi.hoisted(() => ({ preloadPhoneListParts: vi.fn() }));
vi.mock('../../src/custom/components/phoneListParts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/custom/components/phoneListParts')>()),
  preloadPhoneListParts: phoneParts.preloadPhoneListParts,
}));

afterEach(() => phoneParts.preloadPhoneListParts.mockClear());

describe("a list's phone-only parts", () => {
  it('are fetched with the list the console opens on, on a phone only, the sort menu where the list sorts', () => {
    preloadScreensAt('/company', false);
    expect(phoneParts.preloadPhoneListParts).not.toHaveBeenCalled();
    preloadScreensAt('/company', true);
    preloadScreensAt('/admin', true);
    // The Audit page lists the audit trail, which it does not sort.
    preloadScreensAt('/audit', true);
    expect(phoneParts.preloadPhoneListParts.mock.calls).toEqual([[{ sortable: true }], [{ sortable: false }], [{ sortable: false }]]);
  });

  it('are not fetched for a record page, a screen that lists no resource, or an address that opens none', () => {
    for (const path of ['/company/abc', '/bank', '/audit_event', '/', '/nope']) preloadScreensAt(path, true);
    expect(phoneParts.preloadPhoneListParts).not.toHaveBeenCalled();
  });

  it("are told a phone by the console themes' own `sm` breakpoint", () => {
    for (const theme of [lightTheme, darkTheme]) expect(`@media ${SMALL_SCREEN_QUERY}`).toBe(createTheme(theme).breakpoints.down('sm'));
  });
});
