import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import companies from '../../src/resources/companies';
import offers from '../../src/resources/offers';
import { buildCompany, buildNeed, buildOffer } from '../helpers/builders';
import type { MockedDataProvider } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';
import { renderResource } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

const company = buildCompany({ name: 'Atelier Azur', city: 'Lyon' });

/** A data provider with one company, and empty lists and references everywhere else. */
const companyData = (overrides: MockedDataProvider = {}): MockedDataProvider => ({
  getOne: vi.fn(async () => ({ data: company })),
  getList: vi.fn(async () => ({ data: [], total: 0 })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
  ...overrides,
});

const UNSAVED_CHANGES = expect.stringContaining("Some of your changes weren't saved");

describe('record pages: the open tab is in the address', () => {
  it('opens the tab the address names (/company/{id}/comments)', async () => {
    renderResource(companies, `/company/${company.id}/comments`, { dataProvider: companyData() });
    expect(await screen.findByRole('tab', { name: 'Comments', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Comments' })).toBeVisible();
    // The tab's buttons come with the admin's permissions.
    expect(await screen.findByRole('button', { name: 'Add comment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('puts the tab in the address on a switch, the first tab at the bare address', async () => {
    const { user, location } = renderResource(companies, `/company/${company.id}`, { dataProvider: companyData() });
    expect(await screen.findByRole('tab', { name: 'Information', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Raw Data' }));
    await waitFor(() => expect(location()).toBe(`/company/${company.id}/raw-data`));
    expect(screen.getByRole('tab', { name: 'Raw Data', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sync' }));
    await waitFor(() => expect(location()).toBe(`/company/${company.id}/sync`));
    await user.click(screen.getByRole('tab', { name: 'Information' }));
    await waitFor(() => expect(location()).toBe(`/company/${company.id}`));
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('opens the first tab for an unknown segment, and drops it from the address', async () => {
    const { location } = renderResource(companies, `/company/${company.id}/nothing-here`, { dataProvider: companyData() });
    expect(await screen.findByRole('tab', { name: 'Information', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/company/${company.id}`));
  });

  it('works the same on every record page (/offer/{id}/raw-data)', async () => {
    const offer = buildOffer({ title: 'Coaching' });
    renderResource(offers, `/offer/${offer.id}/raw-data`, {
      dataProvider: { getOne: vi.fn(async () => ({ data: offer })), getList: vi.fn(async () => ({ data: [], total: 0 })) },
    });
    expect(await screen.findByRole('tab', { name: 'Raw Data', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('raw-data')).toHaveTextContent('Coaching');
  });

  it('keeps the unsaved edits of Information while another tab is open', async () => {
    const { user } = renderResource(companies, `/company/${company.id}`, { dataProvider: companyData() });
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Nantes');
    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    await screen.findByRole('tab', { name: 'Comments', selected: true });
    await user.click(screen.getByRole('tab', { name: 'Information' }));
    expect(await screen.findByLabelText('City')).toHaveValue('Nantes');
  });

  it('lets the tabs scroll sideways when they do not fit (a phone)', async () => {
    renderResource(companies, `/company/${company.id}`, { dataProvider: companyData() });
    const tabs = await screen.findByRole('tablist', { name: 'Record sections' });
    expect(tabs.closest('.MuiTabs-scroller')).toHaveClass('MuiTabs-scrollableX');
  });
});

describe('record pages while the record loads', () => {
  it('show the shape of the page, then the record', async () => {
    let answer: (value: { data: typeof company }) => void = () => undefined;
    const getOne = vi.fn(() => new Promise<{ data: typeof company }>((resolve) => (answer = resolve)));
    renderResource(companies, `/company/${company.id}`, { dataProvider: companyData({ getOne }) });
    const skeleton = (await screen.findByText('Loading…')).closest('[role="status"]') as HTMLElement;
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(5);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    answer({ data: company });
    expect(await screen.findByDisplayValue('Atelier Azur')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});

describe('record pages are titled by their record', () => {
  it('in the app bar and the browser tab: "Atelier Azur · Companies — Admin Platform"', async () => {
    renderApp(`/company/${company.id}`, { dataProvider: companyData() });
    await waitFor(() => expect(document.title).toBe('Atelier Azur · Companies — Admin Platform'));
    expect(document.getElementById('react-admin-title')).toHaveTextContent('Atelier Azur · Companies');
  });

  it('a need by the start of its description', async () => {
    const need = buildNeed({ description: 'Refaire entièrement la toiture de notre entrepôt de Vénissieux avant l’hiver' });
    renderApp(`/need/${need.id}`, { dataProvider: { getOne: vi.fn(async () => ({ data: need })), getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await waitFor(() => expect(document.title).toBe('Refaire entièrement la toiture de notre… · Need — Admin Platform'));
  });

  it('a list by its section, from the same place', async () => {
    renderApp('/company', { dataProvider: companyData({ getList: vi.fn(async () => ({ data: [company], total: 1 })) }) });
    await screen.findByText('Atelier Azur');
    await waitFor(() => expect(document.title).toBe('Companies — Admin Platform'));
  });
});

describe('leaving unsaved edits', () => {
  it('asks before a menu link leaves an edited record; Cancel keeps the edit, OK leaves', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, location } = renderApp(`/company/${company.id}`, { dataProvider: companyData() });
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Nantes');
    await user.click(screen.getByRole('menuitem', { name: 'Users' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe(`/company/${company.id}`);
    expect(screen.getByLabelText('City')).toHaveValue('Nantes');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('menuitem', { name: 'Users' }));
    await waitFor(() => expect(location()).toBe('/user'));
  });

  it('does not ask on a switch to another tab of the record, nor back', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, location } = renderApp(`/company/${company.id}`, { dataProvider: companyData() });
    const city = await screen.findByLabelText('City');
    await user.type(city, 'x');
    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    await waitFor(() => expect(location()).toBe(`/company/${company.id}/comments`));
    await user.click(screen.getByRole('tab', { name: 'Information' }));
    await waitFor(() => expect(location()).toBe(`/company/${company.id}`));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByLabelText('City')).toHaveValue('Lyonx');
  });

  it('does not ask when nothing was edited', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, location } = renderApp(`/company/${company.id}`, { dataProvider: companyData() });
    await screen.findByLabelText('City');
    await user.click(screen.getByRole('menuitem', { name: 'Users' }));
    await waitFor(() => expect(location()).toBe('/user'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks on the account page too, until the edit is saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const updateProfile = vi.fn(async (profile: { name: string; email: string }) => ({ _id: 'me', ...profile }));
    const { user, location } = renderApp('/account', { dataProvider: companyData({ updateProfile }) });
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    await user.type(name, ' Jr');
    const menu = screen.getByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Companies' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/account');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated successfully!')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Companies' }));
    await waitFor(() => expect(location()).toBe('/company'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
