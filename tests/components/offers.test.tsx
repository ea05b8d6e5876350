import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import offerResource from '../../src/resources/offers';
import { buildOffer } from '../helpers/builders';
import { renderResource } from '../helpers/renderScreen';

const lastParams = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1] as GetListParams;
const empty = () => vi.fn(async () => ({ data: [], total: 0 }));

describe('/offer', () => {
  it('shows title, organisation, price, credit ratio as a percent, created at; sur devis when on proposal', async () => {
    const offers = [
      buildOffer({ title: 'Logo pack', price: 1200, unit: 'forfait', credit_ratio: 0.75 }),
      buildOffer({ title: 'Quote only', price_on_proposal: true, credit_ratio: 0.5 }),
    ];
    renderResource(offerResource, '/offer', { dataProvider: { getList: vi.fn(async () => ({ data: offers, total: 2 })) } });
    const first = (await screen.findByText('Logo pack')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Studio Jade')).toBeInTheDocument();
    expect(within(first).getByText('1200 € / forfait')).toBeInTheDocument();
    expect(within(first).getByText('75%')).toBeInTheDocument();
    expect(within(first).getByText('21/11/2026, 14:05')).toBeInTheDocument();
    const second = screen.getByText('Quote only').closest('tr') as HTMLElement;
    expect(within(second).getByText('sur devis')).toBeInTheDocument();
    expect(within(second).getByText('50%')).toBeInTheDocument();
  });

  it("says 'No Offer Found.' when empty", async () => {
    renderResource(offerResource, '/offer', { dataProvider: { getList: empty() } });
    expect(await screen.findByText('No Offer Found.')).toBeInTheDocument();
  });

  it('sorts created_at descending by default and toggles a column', async () => {
    const getList = vi.fn(async () => ({ data: [buildOffer({ title: 'One' })], total: 1 }));
    const { user } = renderResource(offerResource, '/offer', { dataProvider: { getList } });
    await screen.findByText('One');
    expect(lastParams(getList).sort).toEqual({ field: 'created_at', order: 'DESC' });
    await user.click(screen.getByRole('button', { name: /^Sort by credit ratio/ }));
    await waitFor(() => expect(lastParams(getList).sort).toEqual({ field: 'credit_ratio', order: 'ASC' }));
    await user.click(screen.getByRole('button', { name: /^Sort by credit ratio/ }));
    await waitFor(() => expect(lastParams(getList).sort).toEqual({ field: 'credit_ratio', order: 'DESC' }));
    for (const column of ['title', 'organisation', 'price', 'created at'])
      expect(screen.getByRole('button', { name: new RegExp(`^Sort by ${column} `) })).toBeInTheDocument();
  });

  it('create waits for title, description and the first image', async () => {
    const created = buildOffer({ title: 'Fresh' });
    const create = vi.fn(async () => ({ data: created }));
    const uploadFiles = vi.fn(async () => ['http://x.test/uploads/offers/a.png']);
    const { user, location } = renderResource(offerResource, '/offer', {
      dataProvider: { getList: empty(), create, uploadFiles, getOne: vi.fn(async () => ({ data: created })) },
    });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create offer' });
    const createButton = within(dialog).getByRole('button', { name: 'Create' });
    await user.type(within(dialog).getByLabelText(/Title/), 'Fresh');
    await user.type(within(dialog).getByLabelText(/Description/), 'Une offre fraîche');
    expect(createButton).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Images'), new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.png' })], '/offers'));
    await waitFor(() => expect(createButton).toBeEnabled());
    await user.click(createButton);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'offer',
        expect.objectContaining({
          data: expect.objectContaining({ title: 'Fresh', description: 'Une offre fraîche', images: ['http://x.test/uploads/offers/a.png'] }),
        }),
      ),
    );
    expect(await screen.findByText('Offer created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/offer/${created.id}`));
  });

  it("shows the code, or 'Error creating offer!', when creating fails", async () => {
    const create = vi.fn(async () => Promise.reject(new Error('Error creating offer!')));
    const { user } = renderResource(offerResource, '/offer', {
      dataProvider: { getList: empty(), create, uploadFiles: vi.fn(async () => ['http://x.test/a.png']) },
    });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create offer' });
    await user.type(within(dialog).getByLabelText(/Title/), 'T');
    await user.type(within(dialog).getByLabelText(/Description/), 'D');
    await user.upload(within(dialog).getByLabelText('Images'), new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Error creating offer!')).toBeInTheDocument();
  });

  it('edits every field: credit ratio chosen as a percent is stored as a fraction, the domain clears the sub-domain, images can be removed', async () => {
    const offer = buildOffer({ title: 'Editable', images: ['http://x.test/1.png', 'http://x.test/2.png'], credit_ratio: 1 });
    const update = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...offer, ...params.data } }));
    const { user } = renderResource(offerResource, `/offer/${offer.id}`, {
      dataProvider: { getOne: vi.fn(async () => ({ data: offer })), getList: empty(), getMany: vi.fn(async () => ({ data: [] })), update },
    });
    await screen.findByDisplayValue('Editable');
    expect(screen.getByRole('combobox', { name: 'Credit ratio' })).toHaveTextContent('100%');
    await user.click(screen.getByRole('combobox', { name: 'Credit ratio' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual(['100%', '75%', '50%']);
    await user.click(screen.getByRole('option', { name: '50%' }));
    await user.click(screen.getByRole('combobox', { name: 'Unit' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text?.trim())).toEqual([
      'Non communiqué',
      'forfait',
      'heure',
      'jour',
      'mois',
      'annuel',
      'unite',
    ]);
    await user.click(screen.getByRole('option', { name: 'jour' }));
    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Expert IA' }));
    expect(screen.getByRole('combobox', { name: 'Sub-domain' })).not.toHaveTextContent('Rangement');
    await user.click(screen.getByLabelText('sur devis'));
    await user.click(screen.getByRole('button', { name: 'Actions for Image 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'offer',
        expect.objectContaining({
          data: expect.objectContaining({
            credit_ratio: 0.5,
            unit: 'jour',
            activity_domain: 'Expert IA',
            sub_activity_domain: null,
            price_on_proposal: true,
            images: ['http://x.test/2.png'],
          }),
        }),
      ),
    );
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
  });
});
