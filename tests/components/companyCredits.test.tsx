import { screen, waitFor, within } from '@testing-library/react';
import { HttpError, type GetManyReferenceParams, type RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { buildCompany } from '../helpers/builders';
import companies from '../../src/resources/companies';
import type { MockedDataProvider } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

const creditEntry = (overrides: Partial<RaRecord> = {}): RaRecord => ({
  id: `e${Math.random().toString(16).slice(2, 12)}`,
  amount: 50,
  balance_after: 300,
  reason: 'Welcome bonus',
  admin_id: 'a'.repeat(24),
  admin_name: 'Demo Admin',
  approved_by: null,
  approved_by_name: null,
  created_at: '2026-11-21T14:05:00',
  ...overrides,
});

/** The company page over a mocked provider whose company and ledger change as adjustments succeed. */
function renderCompany(company = buildCompany({ name: 'Atelier Azur', credit_balance: 250 }), overrides: MockedDataProvider = {}) {
  let current = company;
  let entries: RaRecord[] = [];
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: current })),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getManyReference: vi.fn(async (resource: string, _params: GetManyReferenceParams) =>
      resource === 'credit_entry' ? { data: entries, total: entries.length } : { data: [], total: 0 },
    ),
    adjustCredit: vi.fn(async (_id: RaRecord['id'], adjustment: { amount: number; reason: string }) => {
      const balance = Number(current.credit_balance) + adjustment.amount;
      current = { ...current, credit_balance: balance };
      entries = [creditEntry({ amount: adjustment.amount, balance_after: balance, reason: adjustment.reason }), ...entries];
      return { pending: false, company: current };
    }),
    delete: vi.fn(async () => ({ data: current })),
    getCreditAllowance: vi.fn(async () => ({ threshold: 1000, window_hours: 24, moved: 0, remaining: 1000 })),
    ...overrides,
  };
  const setEntries = (next: RaRecord[]) => (entries = next);
  return { ...renderResource(companies, `/company/${company.id}`, { dataProvider }), company, dataProvider, setEntries };
}

async function openAdjustDialog(user: ReturnType<typeof renderResource>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adjust balance' });
  return { dialog, adjust: within(dialog).getByRole('button', { name: 'Adjust' }) };
}

describe('/company/{id} balance', () => {
  it('has no balance input: the form cannot overwrite the balance', async () => {
    renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('+250 credit');
    expect(screen.queryByRole('spinbutton', { name: /balance/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /balance/i })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('250')).not.toBeInTheDocument();
  });

  it('Adjust waits for a valid amount and a reason, and previews the new balance', async () => {
    const { user } = renderCompany();
    const { dialog, adjust } = await openAdjustDialog(user);
    expect(adjust).toBeDisabled();
    expect(within(dialog).getByTestId('balance-preview')).toHaveTextContent('Current balance: +250 credit');

    await user.type(within(dialog).getByLabelText('Amount'), '-20.5');
    expect(within(dialog).getByTestId('balance-preview')).toHaveTextContent('New balance: +229.5 credit');
    expect(adjust).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    expect(adjust).toBeDisabled();
    // Pasted: typed, its 18 keystrokes each render the dialog, which a loaded machine made outlast the test's time.
    await user.paste('Refund of order 42');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('   Refund of order 42');
    expect(adjust).toBeEnabled();

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '1.234');
    expect(within(dialog).getByText('A non-zero amount with at most 2 decimals')).toBeInTheDocument();
    expect(adjust).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    expect(adjust).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '0.1');
    expect(within(dialog).getByTestId('balance-preview')).toHaveTextContent('New balance: +250.1 credit');
    expect(adjust).toBeEnabled();
  });

  it('refuses a reason over 500 characters', async () => {
    const { user } = renderCompany();
    const { dialog, adjust } = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    expect(adjust).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), '{Backspace}');
    expect(adjust).toBeEnabled();
  });

  it('refuses an adjustment whose new balance would be out of range', async () => {
    const { user } = renderCompany(buildCompany({ name: 'Atelier Azur', credit_balance: 999_999_999_999 }));
    const { dialog, adjust } = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '1');
    await user.type(within(dialog).getByLabelText('Reason'), 'Too much');
    expect(within(dialog).getByTestId('balance-preview')).toHaveTextContent('The new balance would be out of range');
    expect(adjust).toBeDisabled();
  });

  it("adjusts with the amount and the trimmed reason, says 'Balance adjusted!', and refreshes the badge and the Credits tab", async () => {
    const { user, company, dataProvider } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    expect(await screen.findByText('No data found')).toBeInTheDocument();

    const { dialog, adjust } = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '-20,5');
    await user.type(within(dialog).getByLabelText('Reason'), '  Refund of order 42  ');
    await user.click(adjust);

    await waitFor(() => expect(dataProvider.adjustCredit).toHaveBeenCalledWith(company.id, { amount: -20.5, reason: 'Refund of order 42' }));
    expect(await screen.findByText('Balance adjusted!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust balance' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('balance-badge')).toHaveTextContent('+229.5 credit'));
    const row = (await screen.findByText('Refund of order 42')).closest('tr') as HTMLElement;
    expect(within(row).getByText('-20.5 credit')).toBeInTheDocument();
    expect(within(row).getByText('+229.5 credit')).toBeInTheDocument();
  });

  it('keeps unsaved edits of the form across the reload that follows an adjustment', async () => {
    const { user } = renderCompany();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Nantes');
    const { dialog, adjust } = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bonus');
    await user.click(adjust);
    await waitFor(() => expect(screen.getByTestId('balance-badge')).toHaveTextContent('+255 credit'));
    expect(screen.getByLabelText('City')).toHaveValue('Nantes');
  });

  it("shows the server's code when the adjustment is refused, and keeps the dialog open", async () => {
    const adjustCredit = vi.fn(async () => Promise.reject(new HttpError('BALANCE_OUT_OF_RANGE', 400, { ok: false, code: 'BALANCE_OUT_OF_RANGE' })));
    const { user } = renderCompany(undefined, { adjustCredit });
    const { dialog, adjust } = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bonus');
    await user.click(adjust);
    expect(await screen.findByText('BALANCE_OUT_OF_RANGE')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adjust balance' })).toBeInTheDocument();
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('+250 credit');
  });
});

describe('/company/{id} Credits tab', () => {
  it('lists the ledger: date, signed amount, balance after, reason, admin; 10 a page', async () => {
    const { user, setEntries, dataProvider, company } = renderCompany();
    const entries = [
      creditEntry({ amount: -30, balance_after: 250, reason: 'Service paid', admin_name: 'Edith', created_at: '2026-11-21T14:05:00' }),
      creditEntry({ amount: 280, balance_after: 280, reason: 'Opening balance', admin_name: null, created_at: '2026-11-01T09:00:00' }),
    ];
    setEntries(entries);
    dataProvider.getManyReference.mockImplementation(async (resource: string) =>
      resource === 'credit_entry' ? { data: entries, total: 23 } : { data: [], total: 0 },
    );
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('tab', { name: 'Credits' }));

    const paid = (await screen.findByText('Service paid')).closest('tr') as HTMLElement;
    expect(within(paid).getByText('21/11/2026, 14:05')).toBeInTheDocument();
    expect(within(paid).getByText('-30 credit')).toBeInTheDocument();
    expect(within(paid).getByText('+250 credit')).toBeInTheDocument();
    expect(within(paid).getByText('Edith')).toBeInTheDocument();
    const opening = screen.getByText('Opening balance').closest('tr') as HTMLElement;
    expect(within(opening).getAllByText('+280 credit')).toHaveLength(2);
    expect(within(opening).getByText('—')).toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith(
      'credit_entry',
      expect.objectContaining({ target: 'company_id', id: company.id, pagination: { page: 1, perPage: 10 } }),
    );

    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(dataProvider.getManyReference).toHaveBeenCalledWith('credit_entry', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })),
    );
  });
});

describe('/company/{id} delete of a company that is not empty', () => {
  it('explains what to move or delete first, with the counts, and stays on the page', async () => {
    const refusal = new HttpError('COMPANY_NOT_EMPTY', 409, { ok: false, code: 'COMPANY_NOT_EMPTY', counts: { users: 2, offers: 1, needs: 0, rooms: 0 } });
    const { user, company, location } = renderCompany(undefined, { delete: vi.fn(async () => Promise.reject(refusal)) });
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    const explanation = await screen.findByRole('dialog', { name: 'Cannot delete yet' });
    expect(explanation).toHaveTextContent('This company still has 2 users, 1 offer, 0 needs and 0 rooms. Move or delete them first.');
    await user.click(within(explanation).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cannot delete yet' })).not.toBeInTheDocument());
    expect(location()).toBe(`/company/${company.id}`);
  });

  it('any other refusal is its code in a toast', async () => {
    const { user } = renderCompany(undefined, { delete: vi.fn(async () => Promise.reject(new HttpError('NOT_FOUND', 404, { ok: false, code: 'NOT_FOUND' }))) });
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('NOT_FOUND')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Cannot delete yet' })).not.toBeInTheDocument();
  });
});
