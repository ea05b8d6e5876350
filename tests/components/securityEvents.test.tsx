import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/custom/account/AccountPage';
import { securityEvent, type SecurityEvent } from '../../shared/contract/securityEvents';
import { renderPage } from '../helpers/renderScreen';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** Parsed with the contract's schema, so that these rows cannot drift from what the server answers. */
const event = (fields: Partial<SecurityEvent> & Pick<SecurityEvent, 'action'>): SecurityEvent =>
  securityEvent.parse({ _id: 'a00000000000000000000000', created_at: minutesAgo(1), ip: null, browser: null, by: null, detail: null, ...fields });

const EVENTS: SecurityEvent[] = [
  event({ _id: 'a00000000000000000000003', action: 'failed_sign_in', created_at: minutesAgo(2), ip: '203.0.113.9', browser: 'Firefox 133 on Windows' }),
  event({ _id: 'a00000000000000000000002', action: 'update', created_at: minutesAgo(60), by: 'Olga Owner', detail: 'role: owner → finance' }),
  event({ _id: 'a00000000000000000000001', action: 'sign_in', created_at: minutesAgo(180), ip: '198.51.100.7', browser: 'Chrome 131 on Linux' }),
];

/** The account page on its Security tab, the other sections answering an admin without factors. */
async function openSecurity(listSecurityEvents: () => Promise<unknown>) {
  const rendered = renderPage(AccountPage, '/account', {
    dataProvider: {
      listSecurityEvents,
      getSecondFactor: async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 }),
      listPasskeys: async () => [],
    },
  });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Security' }));
  return rendered;
}

describe('the Security tab’s recent security events', () => {
  it('lists the admin’s own events newest first, with labels, when, address, browser, and who else acted', async () => {
    const listSecurityEvents = vi.fn(async () => ({ ok: true, data: EVENTS }));
    await openSecurity(listSecurityEvents);
    const table = await screen.findByRole('table', { name: 'Recent security events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Failed sign in',
      'Account changedrole: owner → finance · by Olga Owner',
      'Sign in',
    ]);
    const [failed, , signIn] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(failed).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(failed).getByText('Firefox 133 on Windows')).toBeInTheDocument();
    expect(within(failed).getByText('2 minutes ago')).toBeInTheDocument();
    expect(within(signIn).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(signIn).getByText('Chrome 131 on Linux')).toBeInTheDocument();
    expect(within(signIn).getByText('3 hours ago')).toBeInTheDocument();
    expect(listSecurityEvents).toHaveBeenCalledTimes(1);
  });

  it('says so when there is none', async () => {
    await openSecurity(async () => ({ ok: true, data: [] }));
    expect(await screen.findByText('No security event yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent security events' })).not.toBeInTheDocument();
  });
});
