import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, ListBase, defaultI18nProvider, type AuthProvider, type FilterPayload, type SortPayload } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerExportButton } from '../../src/custom/components/ServerExportButton';
import { TopCenterNotification } from '../../src/custom/layout/TopCenterNotification';
import { createDataProvider } from '../../src/providers/dataProvider';
import type { DownloadedFile, HttpClient } from '../../src/providers/httpClient';
import { fakeAuthProvider } from '../helpers/fakeProviders';

/** An HTTP client whose searches answer an empty page and whose downloads wait for the test to settle them. */
function fakeHttpClient() {
  const pending: Array<{ resolve: (file: DownloadedFile) => void; reject: (error: Error) => void }> = [];
  const download = vi.fn(
    (_path: string, _payload?: unknown) =>
      new Promise<DownloadedFile>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const answer = async () => ({ status: 200, body: { ok: true, data: [], total: 0 } });
  const stream = vi.fn(async () => new Response(''));
  const http = { get: vi.fn(answer), post: vi.fn(answer), put: vi.fn(answer), delete: vi.fn(answer), download, stream } as unknown as HttpClient;
  return { http, download, pending };
}

function renderButton(
  http: HttpClient,
  list: { resource: string; filter?: FilterPayload; filterDefaultValues?: FilterPayload; sort?: SortPayload },
  authProvider?: AuthProvider,
) {
  const user = userEvent.setup();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext dataProvider={createDataProvider(http)} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ListBase disableSyncWithLocation {...list}>
        {children}
      </ListBase>
      <TopCenterNotification />
    </AdminContext>
  );
  render(<ServerExportButton />, { wrapper: Wrapper });
  return { user, button: screen.getByRole('button', { name: 'Export' }) };
}

describe('ServerExportButton', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://console.test/export-1');
  const revokeObjectURL = vi.fn();
  const clicked: Array<{ href: string; download: string }> = [];

  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    clicked.length = 0;
  });

  it("sends the list's filters and sort as getList does (offers spell their domain filter their own way), then saves the file", async () => {
    const { http, download, pending } = fakeHttpClient();
    const { user, button } = renderButton(http, {
      resource: 'offer',
      filterDefaultValues: { search: 'lot', activity_domain: 'Bois' },
      sort: { field: 'price', order: 'ASC' },
    });
    await user.click(button);
    expect(download).toHaveBeenCalledWith('/offer/export', { search: 'lot', domain_activity: 'Bois', sort: { price: 1 }, offset: 0 });
    await waitFor(() => expect(button).toBeDisabled());

    const blob = new Blob(['\uFEFFid\r\n'], { type: 'text/csv' });
    pending[0]?.resolve({ blob, filename: 'offers-2025-01-31.csv' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:http://console.test/export-1', download: 'offers-2025-01-31.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://console.test/export-1'));
  });

  it("keeps a list's permanent filter (users of one company) and sends no sort where the search takes none", async () => {
    const { http, download } = fakeHttpClient();
    const { user, button } = renderButton(http, { resource: 'user', filter: { organisation_id: 'c1' }, filterDefaultValues: { search: 'ana' } });
    await user.click(button);
    expect(download).toHaveBeenCalledWith('/user/export', { search: 'ana', organisation_id: 'c1', offset: 0 });
  });

  it("shows the server's code when the export is refused, and can be tried again", async () => {
    const { http, download, pending } = fakeHttpClient();
    const { user, button } = renderButton(http, { resource: 'company', sort: { field: 'name', order: 'DESC' } });
    await user.click(button);
    pending[0]?.reject(new Error('VALIDATION_ERROR'));
    expect(await screen.findByText('VALIDATION_ERROR')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(clicked).toEqual([]);
    await user.click(button);
    expect(download).toHaveBeenCalledTimes(2);
    expect(download).toHaveBeenLastCalledWith('/company/export', { sort: { name: -1 }, offset: 0 });
  });

  it('signs the admin out when the export meets an ended session (401), and saves nothing', async () => {
    const { http, pending } = fakeHttpClient();
    const authProvider = fakeAuthProvider({
      checkError: vi.fn(async (error: { status?: number }) => {
        if (error?.status === 401) throw { redirectTo: '/auth', message: false };
      }),
    });
    const { user, button } = renderButton(http, { resource: 'company' }, authProvider);
    await user.click(button);
    pending[0]?.reject(Object.assign(new Error('UNAUTHORIZED'), { status: 401 }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(authProvider.checkError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(clicked).toEqual([]);
  });
});
