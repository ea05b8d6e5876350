import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BankPage, IMAGES_PER_STEP } from '../../src/custom/bank/BankPage';
import { renderPage } from '../helpers/renderScreen';

const images = [
  { id: 'i1', activity_domain: 'Mobilier', image_url: 'http://x.test/m.png', version: 3 },
  { id: 'i2', activity_domain: 'Expert IA', image_url: 'http://x.test/ia.png' },
];

describe('/bank', () => {
  it("shows every image for 'Tous', then one domain's", async () => {
    const searchCategoryImages = vi.fn(async (domain?: string) => images.filter((image) => !domain || image.activity_domain === domain));
    const { user } = renderPage(BankPage, '/bank', { dataProvider: { searchCategoryImages } });
    expect(await screen.findByRole('button', { name: 'Delete image of Expert IA' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete image of Mobilier' })).toBeInTheDocument();
    expect(searchCategoryImages).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole('combobox', { name: 'Activity domain' })).toHaveTextContent('Tous');
    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Mobilier' }));
    await waitFor(() => expect(searchCategoryImages).toHaveBeenLastCalledWith('Mobilier'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete image of Expert IA' })).not.toBeInTheDocument());
  });

  it("draws a large bank in steps: 'Show more' adds the next images, a new domain starts again", async () => {
    const bank = Array.from({ length: 2 * IMAGES_PER_STEP + 5 }, (_, index) => ({
      id: `b${index}`,
      activity_domain: index % 2 ? 'Mobilier' : 'Expert IA',
      image_url: `http://x.test/${index}.png`,
    }));
    const searchCategoryImages = vi.fn(async (domain?: string) => bank.filter((image) => !domain || image.activity_domain === domain));
    const { user } = renderPage(BankPage, '/bank', { dataProvider: { searchCategoryImages } });
    const drawn = () => within(screen.getByRole('list', { name: 'Category images' })).getAllByRole('listitem');
    await waitFor(() => expect(drawn()).toHaveLength(IMAGES_PER_STEP));
    expect(screen.getByText(/ of \d+ images$/)).toHaveTextContent(`${IMAGES_PER_STEP} of ${bank.length} images`);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(drawn()).toHaveLength(2 * IMAGES_PER_STEP);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(drawn()).toHaveLength(bank.length);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Mobilier' }));
    await waitFor(() => expect(screen.getByText(/ of \d+ images$/)).toHaveTextContent(`${IMAGES_PER_STEP} of ${IMAGES_PER_STEP + 2} images`));
    expect(drawn()).toHaveLength(IMAGES_PER_STEP);
  });

  it('shows the load failure text', async () => {
    renderPage(BankPage, '/bank', { dataProvider: { searchCategoryImages: vi.fn(async () => Promise.reject(new Error('Failed to fetch images'))) } });
    expect(await screen.findByText('Failed to fetch images')).toBeInTheDocument();
  });

  it('deletes an image after the French confirmation', async () => {
    const deleteCategoryImage = vi.fn(async () => undefined);
    const { user } = renderPage(BankPage, '/bank', { dataProvider: { searchCategoryImages: vi.fn(async () => images), deleteCategoryImage } });
    await user.click(await screen.findByRole('button', { name: 'Delete image of Mobilier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Voulez-vous vraiment supprimer cette image ?' });
    expect(deleteCategoryImage).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: /Supprimer/ }));
    // With the version shown, so that an image changed since is not deleted unseen.
    await waitFor(() => expect(deleteCategoryImage).toHaveBeenCalledWith('i1', 3));
    expect(await screen.findByText('Category image deleted successfully!')).toBeInTheDocument();
  });

  it("says 'Error deleting category image!' when deleting fails", async () => {
    const { user } = renderPage(BankPage, '/bank', {
      dataProvider: {
        searchCategoryImages: vi.fn(async () => images),
        deleteCategoryImage: vi.fn(async () => Promise.reject(new Error('Error deleting category image!'))),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete image of Mobilier' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Supprimer/ }));
    expect(await screen.findByText('Error deleting category image!')).toBeInTheDocument();
  });

  it('reloads the Bank when the image changed since it was read (409 STALE_RECORD): nothing was deleted', async () => {
    const searchCategoryImages = vi.fn(async () => images);
    const stale = new HttpError('STALE_RECORD', 409, { ok: false, code: 'STALE_RECORD', data: { _id: 'i1', version: 4 } });
    const { user } = renderPage(BankPage, '/bank', { dataProvider: { searchCategoryImages, deleteCategoryImage: vi.fn(async () => Promise.reject(stale)) } });
    await user.click(await screen.findByRole('button', { name: 'Delete image of Mobilier' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Supprimer/ }));
    expect(await screen.findByText('STALE_RECORD')).toBeInTheDocument();
    await waitFor(() => expect(searchCategoryImages).toHaveBeenCalledTimes(2));
  });

  it('adds an image: Add waits for a domain and an uploaded image', async () => {
    const createCategoryImage = vi.fn(async () => undefined);
    const uploadFiles = vi.fn(async () => ['http://x.test/uploads/category_images/new.png']);
    const { user } = renderPage(BankPage, '/bank', {
      dataProvider: { searchCategoryImages: vi.fn(async () => []), createCategoryImage, uploadFiles },
    });
    await user.click(await screen.findByRole('button', { name: 'Add image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add image' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Mobilier' }));
    expect(add).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Image'), new File(['png'], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'new.png' })], '/category_images'));
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(createCategoryImage).toHaveBeenCalledWith('Mobilier', 'http://x.test/uploads/category_images/new.png'));
    expect(await screen.findByText('Category image created successfully!')).toBeInTheDocument();
  });
});
