import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, SelectInput, TextInput, defaultI18nProvider, email, required, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { RequiredFieldsSaveButton } from '../../src/custom/components/RequiredFieldsSaveButton';
import { requiredText } from '../../src/custom/components/validators';

/** A form as the create modals build it: required text, a required choice, an optional field. */
function renderForm() {
  const user = userEvent.setup();
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={defaultI18nProvider}>
      <Form mode="onChange" onSubmit={() => undefined}>
        <TextInput source="name" label="Name" validate={requiredText} />
        <TextInput source="email" label="Email" validate={[...requiredText, email()]} />
        <SelectInput source="emergency" label="Emergency" choices={[{ id: 'now', name: 'Now' }]} validate={required()} />
        <TextInput source="note" label="Note" />
        <RequiredFieldsSaveButton label="Create" />
      </Form>
    </AdminContext>,
  );
  return { user, button: screen.getByRole('button', { name: 'Create' }) };
}

async function fillEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Grace');
  await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
  await user.click(screen.getByRole('combobox', { name: /Emergency/ }));
  await user.click(await screen.findByRole('option', { name: 'Now' }));
}

describe('RequiredFieldsSaveButton', () => {
  it('stays disabled while any required input is empty, whatever the optional ones hold', async () => {
    const { user, button } = renderForm();
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Note'), 'optional');
    await user.type(screen.getByLabelText(/^Name/), 'Grace');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    // Name and email filled, the required choice still empty.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Emergency/ }));
    await user.click(await screen.findByRole('option', { name: 'Now' }));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it.each([/^Name/, /^Email/])('is disabled again when %s is emptied', async (label) => {
    const { user, button } = renderForm();
    await fillEverything(user);
    await waitFor(() => expect(button).toBeEnabled());
    await user.clear(screen.getByLabelText(label));
    await waitFor(() => expect(button).toBeDisabled());
    // The reason shows under the field at once.
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('takes spaces alone as empty', async () => {
    const { user, button } = renderForm();
    await fillEverything(user);
    await waitFor(() => expect(button).toBeEnabled());
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), '   ');
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('stays disabled while a filled field is invalid', async () => {
    const { user, button } = renderForm();
    await fillEverything(user);
    await waitFor(() => expect(button).toBeEnabled());
    await user.type(screen.getByLabelText(/^Email/), ' and more');
    await waitFor(() => expect(button).toBeDisabled());
  });
});
