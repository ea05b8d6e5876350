import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/custom/account/AccountPage';
import { session } from '../../src/providers';
import { meAsSessionUser } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

describe('/account', () => {
  it("titled 'Your Account': updates name and email, then 'Profile Updated successfully!'", async () => {
    const updateProfile = vi.fn(async (profile: { name: string; email: string }) => ({ _id: 'me', ...profile }));
    const { user } = renderPage(AccountPage, '/account', { dataProvider: { updateProfile } });
    expect(await screen.findByRole('heading', { name: 'Your Account', level: 2 })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    await user.clear(name);
    await user.type(name, 'Demo Admin Renamed');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith({ name: 'Demo Admin Renamed', email: 'admin@example.com' }, undefined, false));
    expect(await screen.findByText('Profile Updated successfully!')).toBeInTheDocument();
  });

  it("'Reset password': each field has a reveal toggle, Reset waits for all three", async () => {
    const changePassword = vi.fn(async () => undefined);
    const { user } = renderPage(AccountPage, '/account', { dataProvider: { changePassword } });
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    const reset = within(dialog).getByRole('button', { name: 'Reset' });
    expect(within(dialog).getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
    await user.type(within(dialog).getByLabelText('Current password'), 'old-pass-1');
    await user.type(within(dialog).getByLabelText('New password'), 'new-pass-2');
    expect(reset).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-pass-2');
    expect(reset).toBeEnabled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Show password' })[1] as HTMLElement);
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('type', 'text');
    await user.click(reset);
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith({ password: 'old-pass-1', newPassword: 'new-pass-2', verifyPassword: 'new-pass-2' }));
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
  });

  it('Reset submits the password change only, never the profile form behind the modal', async () => {
    const updateProfile = vi.fn(async (profile: { name: string; email: string }) => ({ _id: 'me', ...profile }));
    const changePassword = vi.fn(async () => Promise.reject(new Error('WRONG_PASSWORD')));
    const { user } = renderPage(AccountPage, '/account', { dataProvider: { updateProfile, changePassword } });
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    await user.clear(name);
    await user.type(name, 'Unsaved Name');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong-pass-1');
    await user.type(within(dialog).getByLabelText('New password'), 'new-pass-2');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-pass-2{Enter}');
    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(1));
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findAllByText('WRONG_PASSWORD')).not.toHaveLength(0);
    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(2));
    expect(updateProfile).not.toHaveBeenCalled();
    expect(screen.queryByText('Profile Updated successfully!')).not.toBeInTheDocument();
  });

  it('shows the code of a refused change', async () => {
    const { user } = renderPage(AccountPage, '/account', { dataProvider: { changePassword: vi.fn(async () => Promise.reject(new Error('WRONG_PASSWORD'))) } });
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'x');
    await user.type(within(dialog).getByLabelText('New password'), 'y');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('WRONG_PASSWORD')).toBeInTheDocument();
  });
});

describe('/account, when the profile was saved elsewhere since it was read', () => {
  const me = meAsSessionUser(5);
  const theirs = { ...me, email: 'demo@elsewhere.example', version: 6 };
  const stale = new HttpError('STALE_RECORD', 409, { ok: false, code: 'STALE_RECORD', data: theirs });
  afterEach(() => session.clear());

  async function staleSave() {
    session.start('tok', me);
    const updateProfile = vi.fn(async (profile: { name: string; email: string }, version?: number) => {
      if (version !== 6) throw stale;
      return { ...theirs, ...profile, version: 7 };
    });
    const view = renderPage(AccountPage, '/account', { dataProvider: { updateProfile } });
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    await view.user.type(name, ' Jr');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved by another admin' });
    return { ...view, updateProfile, dialog };
  }

  it('saves at the version read, and on 409 shows their email beside the one in the form', async () => {
    const { updateProfile, dialog } = await staleSave();
    expect(updateProfile).toHaveBeenCalledWith({ name: 'Demo Admin Jr', email: 'admin@example.com' }, 5, false);
    expect(within(dialog).getByRole('row', { name: 'Email demo@elsewhere.example admin@example.com' })).toBeInTheDocument();
    expect(screen.queryByText('Profile Updated successfully!')).not.toBeInTheDocument();
  });

  it('Keep theirs shows their profile, the edit dropped', async () => {
    const { user, dialog, updateProfile } = await staleSave();
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('demo@elsewhere.example'));
    expect(screen.getByLabelText('Name')).toHaveValue('Demo Admin');
    expect(updateProfile).toHaveBeenCalledTimes(1);
  });

  it('Overwrite with mine saves the form again on their version, as an overwrite', async () => {
    const { user, dialog, updateProfile } = await staleSave();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Profile Updated successfully!')).toBeInTheDocument();
    expect(updateProfile).toHaveBeenLastCalledWith({ name: 'Demo Admin Jr', email: 'admin@example.com' }, 6, true);
    expect(session.user()).toMatchObject({ name: 'Demo Admin Jr', version: 7 });
  });
});
