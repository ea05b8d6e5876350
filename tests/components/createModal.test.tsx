import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { AdminContext, ResourceContextProvider, TextInput, defaultI18nProvider, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { CreateModal } from '../../src/custom/components/CreateModal';

/** Records when the dialog's module is imported: the list's first render must not fetch it. */
const dialogModuleImported = vi.hoisted(() => vi.fn());
vi.mock('../../src/custom/components/CreateDialog', async (importOriginal) => {
  dialogModuleImported();
  return importOriginal();
});

describe('CreateModal', () => {
  it('shows only its button until the first click, then loads the dialog and its inputs; it closes and opens again', async () => {
    const loadInputs = vi.fn(async () => ({ default: () => <TextInput source="name" label="Name" /> }));
    const Inputs = lazy(loadInputs);
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={defaultI18nProvider}>
        <ResourceContextProvider value="company">
          <CreateModal openLabel="Create" title="Create company" successMessage="Created" inputs={Inputs} />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const button = screen.getByRole('button', { name: 'Create' });
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
});
