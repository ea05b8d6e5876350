import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import needResource from '../../src/resources/needs';
import { buildNeed } from '../helpers/builders';
import { renderResource } from '../helpers/renderScreen';

const lastParams = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1] as GetListParams;
const empty = () => vi.fn(async () => ({ data: [], total: 0 }));

describe('/need', () => {
  it('shows organisation, description, urgency and created at', async () => {
    renderResource(needResource, '/need', {
      dataProvider: { getList: vi.fn(async () => ({ data: [buildNeed({ description: 'Chaises', emergency: 'Dans la semaine' })], total: 1 })) },
    });
    const row = (await screen.findByText('Chaises')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Maison Quartz')).toBeInTheDocument();
    expect(within(row).getByText('Dans la semaine')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2026, 14:05')).toBeInTheDocument();
    for (const column of ['organisation', 'description', 'urgency', 'created at'])
      expect(screen.getByRole('button', { name: new RegExp(`^Sort by ${column} `) })).toBeInTheDocument();
  });

  it("says 'No Requirements Found' when empty", async () => {
    renderResource(needResource, '/need', { dataProvider: { getList: empty() } });
    expect(await screen.findByText('No Requirements Found')).toBeInTheDocument();
  });

  it('filters by urgency, back on page 1', async () => {
    const all = Array.from({ length: 15 }, (_, index) => buildNeed({ description: `Need #${index + 1}` }));
    const getList = vi.fn(async (_resource: string, params: GetListParams) => ({
      data: all.slice(((params.pagination?.page ?? 1) - 1) * 10, (params.pagination?.page ?? 1) * 10),
      total: 15,
    }));
    const { user } = renderResource(needResource, '/need', { dataProvider: { getList } });
    await screen.findByText('Need #1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Need #11');
    await user.click(screen.getByRole('combobox', { name: 'Urgency' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual([
      'Maintenant',
      'Dans la semaine',
      "D'ici un mois",
      "Pas d'urgence",
    ]);
    await user.click(screen.getByRole('option', { name: "D'ici un mois" }));
    await waitFor(() => expect(lastParams(getList)).toMatchObject({ filter: { emergency: "D'ici un mois" }, pagination: { page: 1, perPage: 10 } }));
  });

  it('create waits for description and emergency', async () => {
    const created = buildNeed({ description: 'Tables' });
    const create = vi.fn(async () => ({ data: created }));
    const { user } = renderResource(needResource, '/need', { dataProvider: { getList: empty(), create, getOne: vi.fn(async () => ({ data: created })) } });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create need' });
    const createButton = within(dialog).getByRole('button', { name: 'Create' });
    await user.type(within(dialog).getByLabelText(/Description/), 'Tables');
    expect(createButton).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Emergency/ }));
    await user.click(await screen.findByRole('option', { name: 'Maintenant' }));
    expect(createButton).toBeEnabled();
    await user.click(createButton);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'need',
        expect.objectContaining({ data: expect.objectContaining({ description: 'Tables', emergency: 'Maintenant' }) }),
      ),
    );
    expect(await screen.findByText('Need created successfully!')).toBeInTheDocument();
  });

  it('changes the status to any of the three values', async () => {
    const need = buildNeed({ description: 'Status change', status: 'été traité' });
    const update = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...need, ...params.data } }));
    const { user } = renderResource(needResource, `/need/${need.id}`, {
      dataProvider: { getOne: vi.fn(async () => ({ data: need })), getList: empty(), getMany: vi.fn(async () => ({ data: [] })), update },
    });
    await screen.findByDisplayValue('Status change');
    await user.click(screen.getByRole('combobox', { name: /Status/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual([
      'en cours',
      'été traité',
      'non dispo',
    ]);
    await user.click(screen.getByRole('option', { name: 'en cours' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('need', expect.objectContaining({ data: expect.objectContaining({ status: 'en cours' }) })));
  });
});
