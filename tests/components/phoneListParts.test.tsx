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
  it('are fetched with the list the console opens on, on a phone only', () => {
    preloadScreensAt('/company', false);
    expect(phoneParts.preloadPhoneListParts).not.toHaveBeenCalled();
    preloadScreensAt('/company', true);
    expect(phoneParts.preloadPhoneListParts).toHaveBeenCalledTimes(1);
  });

  it('are not fetched for a record page, or an address that opens no screen', () => {
    preloadScreensAt('/company/abc', true);
    preloadScreensAt('/nope', true);
    expect(phoneParts.preloadPhoneListParts).not.toHaveBeenCalled();
  });

  it("are told a phone by the console themes' own `sm` breakpoint", () => {
    for (const theme of [lightTheme, darkTheme]) expect(`@media ${SMALL_SCREEN_QUERY}`).toBe(createTheme(theme).breakpoints.down('sm'));
  });
});
