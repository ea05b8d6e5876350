import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/providers/httpClient';
import { createPasswordCalls } from '../../src/providers/passwordCalls';
import { fakeFetch } from '../helpers/fakeFetch';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';

const signedOut = () => fakeAuthProvider({}, false);

describe('/auth/forgot', () => {
  it("says 'Invalid email address' for a malformed address, still sends, then confirms", async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith('not-an-address'));
    expect(await screen.findByText(/recovery link has been sent.*check your inbox/i)).toBeInTheDocument();
  });

  it('after a malformed address: the message, then the confirmation, and a way back to the form to correct the address and send again', async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@example');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    const confirmation = await screen.findByText(/recovery link has been sent.*check your inbox/i);
    const message = screen.getByText('Invalid email address');
    // The spec's order on screen: the message, then the confirmation.
    expect(message.compareDocumentPosition(confirmation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change the address' }));
    const field = screen.getByLabelText('Email');
    // The form is back with the address typed and its fault, the field ready to correct.
    expect(field).toHaveValue('admin@example');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Invalid email address');
    await user.type(field, '.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    await waitFor(() => expect(forgotPassword).toHaveBeenLastCalledWith('admin@example.com'));
    expect(forgotPassword).toHaveBeenCalledTimes(2);
    expect(await screen.findByText(/recovery link has been sent.*check your inbox/i)).toBeInTheDocument();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it('after a well-formed address too, the confirmation leads back to the form, the address kept', async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@exmaple.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    await user.click(await screen.findByRole('button', { name: 'Change the address' }));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@exmaple.com');
    expect(screen.getByRole('button', { name: 'Send recovery link' })).toBeEnabled();
  });

  it('confirms even when the server refuses the malformed address it was sent', async () => {
    const { fetch, calls } = fakeFetch([400, { ok: false, code: 'VALIDATION_ERROR' }]);
    const { forgotPassword } = createPasswordCalls(createHttpClient({ baseUrl: 'http://api.test/api', token: () => null, fetch }));
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText(/recovery link has been sent.*check your inbox/i)).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toMatchObject([{ method: 'POST', url: 'http://api.test/api/admin/forgot_password', body: { email: 'not-an-address' } }]);
    expect(screen.queryByText('VALIDATION_ERROR')).not.toBeInTheDocument();
  });

  it('shows the code of any other refusal, and keeps the form', async () => {
    const { fetch } = fakeFetch([429, { ok: false, code: 'RATE_LIMITED' }]);
    const { forgotPassword } = createPasswordCalls(createHttpClient({ baseUrl: 'http://api.test/api', token: () => null, fetch }));
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText('RATE_LIMITED')).toBeInTheDocument();
    expect(screen.queryByText(/recovery link has been sent/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send recovery link' })).toBeEnabled();
  });

  it('sends a well-formed address without complaint', async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), passwordCalls: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith('admin@example.com'));
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });
});
