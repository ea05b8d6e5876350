import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TextInput, defaultI18nProvider, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { CreateModal } from '../../src/custom/components/CreateModal';
import { TopCenterNotification } from '../../src/custom/layout/TopCenterNotification';

/** Records when the dialog's module is imported: the list's first render must not fetch it. */
const dialogModuleImported = vi.hoisted(() => vi.fn());
vi.mock('../../src/custom/components/CreateDialog', async (importOriginal) => {
  dialogModuleImported();
  return importOriginal();
});

const NameInput = () => <TextInput source="name" label="Name" />;

function renderModal(loadInputs: () => Promise<typeof NameInput>) {
  const user = userEvent.setup();
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="company">
        <p>The list</p>
        <CreateModal openLabel="Create" title="Create company" successMessage="Created" loadInputs={loadInputs} />
      </ResourceContextProvider>
      <TopCenterNotification />
    </AdminContext>,
  );
  return { user, button: screen.getByRole('button', { name: 'Create' }) };
}

describe('CreateModal', () => {
  it('shows only its button until the first click, then loads the dialog and its inputs; it closes and opens again', async () => {
    const loadInputs = vi.fn(async () => NameInput);
    const { user, button } = renderModal(loadInputs);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialogModuleImported).not.toHaveBeenCalled();
    expect(loadInputs).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Create company' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeInTheDocument();
    expect(dialogModuleImported).toHaveBeenCalledTimes(1);
    expect(loadInputs).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Create company' })).toBeInTheDocument();
    expect(loadInputs).toHaveBeenCalledTimes(1);
  });

  it('says so when its code fails to arrive, keeps the list, and fetches again on the next click', async () => {
    const loadInputs = vi
      .fn<() => Promise<typeof NameInput>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(NameInput);
    const { user, button } = renderModal(loadInputs);
    await user.click(button);
    expect(await screen.findByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    expect(screen.getByText('The list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create company' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeInTheDocument();
    expect(loadInputs).toHaveBeenCalledTimes(2);
  });
});
