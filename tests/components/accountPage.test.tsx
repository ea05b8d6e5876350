import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/custom/account/AccountPage';
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
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith({ name: 'Demo Admin Renamed', email: 'admin@example.com' }));
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
