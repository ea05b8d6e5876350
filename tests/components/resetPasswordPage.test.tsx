import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';

const signedOut = () => fakeAuthProvider({}, false);

describe('/auth/reset', () => {
  it("has the French title, field and hint; 'Créer' waits for a password", async () => {
    renderApp('/auth/reset?token=tok', { authProvider: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Créer un nouveau mot de passe' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nouveau mot de passe')).toBeInTheDocument();
    expect(screen.getByText('Format : minimum 6 caractères, au moins une lettre')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeDisabled();
  });

  it("shows 'Error' + newline + the code, and the form again", async () => {
    const { user, location } = renderApp('/auth/reset?token=used', {
      authProvider: signedOut(),
      passwordCalls: { resetPasswordFromLink: vi.fn(async () => Promise.reject(new Error('INVALID_TOKEN'))) },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-1');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText((_, element) => element?.textContent === 'Error\nINVALID_TOKEN' && element.children.length === 0)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeEnabled();
    expect(location()).toBe('/auth/reset?token=used');
  });
});
