import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PasskeysSection } from '../../src/custom/account/PasskeysSection';
import type { Passkey } from '../../shared/contract/passkeys';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

const passkey = (name: string, index: number): Passkey => ({
  _id: `passkey-${index}`,
  name,
  created_at: '2026-11-01T09:00:00.000Z',
  last_used_at: index === 0 ? null : new Date().toISOString(),
});

/** The section over an in-memory list that the mocked calls change. */
function renderSection(overrides: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  let kept = [passkey('Work laptop', 0)];
  const calls = {
    listPasskeys: vi.fn(async () => kept),
    addPasskey: vi.fn(async (name: string) => {
      const added = passkey(name, kept.length);
      kept = [...kept, added];
      return added;
    }),
    renamePasskey: vi.fn(async (id: string, name: string) => {
      kept = kept.map((one) => (one._id === id ? { ...one, name } : one));
      return kept.find((one) => one._id === id);
    }),
    removePasskey: vi.fn(async (id: string) => {
      kept = kept.filter((one) => one._id !== id);
    }),
    ...overrides,
  };
  return { calls, ...renderPage(() => <PasskeysSection />, '/account', { dataProvider: calls }) };
}

describe('the Security tab’s passkeys', () => {
  it('lists the passkeys, adds one under a name, renames and removes one', async () => {
    const { user, calls } = renderSection();
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(table).getByText('Work laptop')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.type(screen.getByLabelText('Passkey name'), ' Blue key ');
    await user.click(continueButton);
    await waitFor(() => expect(calls.addPasskey).toHaveBeenCalledWith('Blue key'));
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(await within(table).findByText('Blue key')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Work laptop' }));
    const name = screen.getByLabelText('Passkey name');
    await user.clear(name);
    await user.type(name, 'Old laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.renamePasskey).toHaveBeenCalledWith('passkey-0', 'Old laptop'));
    expect(await within(table).findByText('Old laptop')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Blue key' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.removePasskey).toHaveBeenCalledWith('passkey-1'));
    await waitFor(() => expect(within(table).queryByText('Blue key')).not.toBeInTheDocument());
  });

  it('tells a session that had to enrol that it has, once its first passkey is added', async () => {
    const authProvider = fakeAuthProvider({ mustEnrol: vi.fn(() => true) });
    const { user } = renderPage(() => <PasskeysSection />, '/account', {
      dataProvider: { listPasskeys: vi.fn(async () => []), addPasskey: vi.fn(async () => passkey('Phone', 0)) },
      authProvider,
    });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Passkey name'), 'Phone');
    expect(authProvider.enrolled).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(authProvider.enrolled).toHaveBeenCalledTimes(1));
  });

  it('shows why a passkey was not added and keeps the dialog open', async () => {
    const { user } = renderSection({ addPasskey: vi.fn(async () => Promise.reject(new HttpError('INVALID_PASSKEY', 400))) });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Passkey name'), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('INVALID_PASSKEY')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeInTheDocument();
  });
});
