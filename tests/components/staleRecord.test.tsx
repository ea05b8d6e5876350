import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import companies from '../../src/resources/companies';
import offers from '../../src/resources/offers';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { toApiRecord } from '../../src/providers/records';
import { buildCompany, buildOffer } from '../helpers/builders';
import type { RecordedCall } from '../helpers/fakeFetch';
import type { MockedDataProvider } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

type Company = ReturnType<typeof buildCompany>;

/**
 * The API of one company, behind the console's real data provider and HTTP client: reads answer the company as it
 * is on the server; a write whose If-Match is not its version is refused with 409 STALE_RECORD, as the server does.
 */
function companyServer(start: Company, pushed: string[] = []) {
  let stored = start;
  const calls: RecordedCall[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url: url.pathname, method, headers, body });
    // No events to push: no push at all, as before the server had one.
    if (url.pathname.startsWith('/api/presence')) {
      if (method !== 'GET') return json(200, { ok: true, viewers: [] });
      return pushed.length ? eventStream(pushed) : new Response(null, { status: 404 });
    }
    if (url.pathname !== `/api/company/${stored.id}`) return json(404, { ok: false, code: 'NOT_FOUND' });
    if (method === 'GET') return json(200, { ok: true, data: toApiRecord(stored) });
    if (headers['if-match'] !== `"${stored.version}"`) return json(409, { ok: false, code: 'STALE_RECORD', data: toApiRecord(stored) });
    if (method === 'DELETE') return json(200, { ok: true });
    stored = { ...stored, ...(body as Partial<Company>), version: stored.version + 1 };
    return json(200, { ok: true, data: toApiRecord(stored) });
  });
  const http = createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok', fetch: fetch as unknown as typeof globalThis.fetch });
  return {
    dataProvider: createDataProvider(http) as unknown as MockedDataProvider,
    /** Another admin's save, straight on the server. */
    saveElsewhere: (changes: Partial<Company>) => (stored = { ...stored, ...changes, version: stored.version + 1 }),
    writes: () => calls.filter((call) => call.method === 'PUT' || call.method === 'DELETE'),
    stored: () => stored,
  };
}

/** The record's push: the events given, then the stream stays open until the page leaves. */
const eventStream = (events: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start: (controller) => {
        for (const event of events) controller.enqueue(new TextEncoder().encode(event));
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

/** The conflict dialog's table, row by row: field, theirs, yours. */
const conflictRows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

const openCompany = (company: Company, pushed: string[] = []) => {
  const server = companyServer(company, pushed);
  return { ...server, ...renderResource(companies, `/company/${company.id}`, { dataProvider: server.dataProvider }) };
};

describe('a reload under unsaved edits (the company form keeps them)', () => {
  const savedByHugo = 'event: saved\ndata: {"admin_id":"b00000000000000000000001","name":"Hugo Simon"}\n\n';

  /** A edits the company, B saves it, A reloads from the notice, then saves. */
  async function reloadThenSave(edit: { label: RegExp | string; value: string }, theirs: Partial<Company>) {
    const view = openCompany(buildCompany({ name: 'Atelier Azur', city: 'Lyon', version: 1 }), [savedByHugo]);
    const field = await screen.findByLabelText(edit.label);
    await view.user.clear(field);
    await view.user.type(field, edit.value);
    view.saveElsewhere(theirs);
    await view.user.click(within(await screen.findByTestId('record-presence')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText('Hugo Simon saved this company — reload')).not.toBeInTheDocument());
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    return view;
  }

  it('saves at the version the edits were made on when the other admin changed an edited field: the conflict dialog, not a silent loss', async () => {
    const { writes, stored } = await reloadThenSave({ label: 'City', value: 'Nantes' }, { city: 'Paris' });
    const dialog = await screen.findByRole('dialog', { name: 'Saved by another admin' });
    expect(conflictRows(dialog)).toEqual([
      ['Field', 'Theirs', 'Yours'],
      ['City', 'Paris', 'Nantes'],
    ]);
    expect(writes()[0]?.headers['if-match']).toBe('"1"');
    expect(stored()).toMatchObject({ city: 'Paris', version: 2 });
  });

  it('saves at the reloaded version when the other admin changed only fields left alone: their change kept, no conflict', async () => {
    const { writes, stored } = await reloadThenSave({ label: /^Name/, value: 'Atelier Bleu' }, { city: 'Paris' });
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(writes()[0]?.headers['if-match']).toBe('"2"');
    expect(stored()).toMatchObject({ name: 'Atelier Bleu', city: 'Paris', version: 3 });
  });
});

describe('a record page sends the version it shows', () => {
  it('updates with If-Match at the version the form started from, and the next update at the saved one', async () => {
    const { user, writes } = openCompany(buildCompany({ name: 'Atelier Azur', city: 'Lyon', version: 3 }));
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Nantes');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    await user.type(city, 's');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes().map((call) => [call.method, call.headers['if-match'], call.headers['x-overwrite']])).toEqual([
      ['PUT', '"3"', undefined],
      ['PUT', '"4"', undefined],
    ]);
    // The header carries the version: the body never does (a form's stale copy must not contradict it).
    expect(writes()[0]?.body).not.toHaveProperty('version');
    expect(writes()[0]?.body).toMatchObject({ city: 'Nantes' });
  });

  it('deletes with If-Match at the version shown', async () => {
    const { user, writes } = openCompany(buildCompany({ name: 'Atelier Azur', version: 7 }));
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', headers: expect.objectContaining({ 'if-match': '"7"' }) })]));
  });
});

describe('a save refused as stale (409 STALE_RECORD)', () => {
  /** A opens the company at version 1; B then saves the city; A edits the name and saves. */
  async function staleSave() {
    const view = openCompany(buildCompany({ name: 'Atelier Azur', city: 'Lyon', postal_code: '69002', version: 1 }));
    const name = await screen.findByLabelText(/^Name/);
    view.saveElsewhere({ city: 'Nantes', postal_code: '44000' });
    await view.user.clear(name);
    await view.user.type(name, 'Atelier Bleu');
    await view.user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved by another admin' });
    return { ...view, dialog };
  }

  it('shows each field the other admin changed, theirs beside yours, and saves nothing', async () => {
    const { dialog, stored, writes } = await staleSave();
    expect(conflictRows(dialog)).toEqual([
      ['Field', 'Theirs', 'Yours'],
      ['City', 'Nantes', 'Lyon'],
      ['Postal code', '44000', '69002'],
    ]);
    expect(stored()).toMatchObject({ name: 'Atelier Azur', city: 'Nantes', version: 2 });
    expect(writes()).toHaveLength(1);
    expect(screen.queryByText('Updated!')).not.toBeInTheDocument();
  });

  it('Keep theirs puts their record in the form, the edits dropped, and the next save goes on their version', async () => {
    const { user, dialog, writes } = await staleSave();
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saved by another admin' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Atelier Azur');
    expect(screen.getByLabelText('City')).toHaveValue('Nantes');
    expect(await screen.findByText('Reloaded: their version is shown.')).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    await user.type(screen.getByLabelText(/^Name/), '!');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(writes()[1]?.headers['if-match']).toBe('"2"');
  });

  it('Overwrite with mine saves the form again on their version, marked as an overwrite', async () => {
    const { user, dialog, writes, stored } = await staleSave();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Saved by another admin' })).not.toBeInTheDocument());
    expect(writes()[1]).toMatchObject({ method: 'PUT', headers: { 'if-match': '"2"', 'x-overwrite': 'true' }, body: { name: 'Atelier Bleu', city: 'Lyon' } });
    expect(stored()).toMatchObject({ name: 'Atelier Bleu', city: 'Lyon', version: 3 });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Atelier Bleu');
  });

  it('asks again when the record changed once more before the overwrite', async () => {
    const { user, dialog, writes, saveElsewhere } = await staleSave();
    saveElsewhere({ city: 'Brest' });
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await within(dialog).findByText('Brest')).toBeInTheDocument();
    expect(writes()).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(writes()[2]?.headers['if-match']).toBe('"3"');
  });
});

describe('who else has the record open', () => {
  function openOffer(events: string[], viewers = [{ admin_id: 'b00000000000000000000001', name: 'Hugo Simon' }]) {
    const offer = buildOffer({ title: 'Chaises empilables' });
    let current = offer;
    const dataProvider = {
      getOne: vi.fn(async () => ({ data: current })),
      getList: vi.fn(async () => ({ data: [], total: 0 })),
      getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
      joinRecord: vi.fn(async () => viewers),
      leaveRecord: vi.fn(async () => undefined),
      openRecordEvents: vi.fn(async () => eventStream(events)),
    };
    const view = renderResource(offers, `/offer/${offer.id}`, { dataProvider: dataProvider as MockedDataProvider });
    return { ...view, offer, dataProvider, setCurrent: (next: typeof offer) => (current = next) };
  }

  it('shows the other admins who have it open, and says it was left', async () => {
    const { dataProvider, offer, unmount } = openOffer([]);
    expect(await screen.findByText('Also open by Hugo Simon')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hugo Simon' })).toHaveTextContent('HS');
    const [[resource, id, tabId]] = dataProvider.joinRecord.mock.calls as unknown as [[string, string, string]];
    expect([resource, id]).toEqual(['offer', offer.id]);
    expect(dataProvider.openRecordEvents).toHaveBeenCalledWith('offer', offer.id, tabId, expect.any(AbortSignal));
    unmount();
    expect(dataProvider.leaveRecord).toHaveBeenCalledWith('offer', offer.id, tabId);
  });

  it('follows arrivals through the push', async () => {
    openOffer(['event: viewers\ndata: {"viewers":[{"admin_id":"b00000000000000000000002","name":"Léa Martin"}]}\n\n'], []);
    expect(await screen.findByText('Also open by Léa Martin')).toBeInTheDocument();
  });

  it('says at once who saved it, and Reload shows their version', async () => {
    const saved = 'event: saved\ndata: {"admin_id":"b00000000000000000000001","name":"Hugo Simon"}\n\n';
    const { user, dataProvider, offer, setCurrent } = openOffer([saved]);
    expect(await screen.findByText('Hugo Simon saved this offer — reload')).toBeInTheDocument();
    const notice = screen.getByTestId('record-presence');
    setCurrent({ ...offer, title: 'Chaises pliantes', version: 2 });
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Chaises pliantes')).toBeInTheDocument();
    expect(screen.queryByText('Hugo Simon saved this offer — reload')).not.toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledTimes(2);
  });

  it("does not report the admin's own saves", async () => {
    const own = 'event: saved\ndata: {"admin_id":"ae0000000000000000000000","name":"Demo Admin"}\n\n';
    const other = 'event: viewers\ndata: {"viewers":[{"admin_id":"b00000000000000000000002","name":"Léa Martin"}]}\n\n';
    openOffer([own, other], []);
    expect(await screen.findByText('Also open by Léa Martin')).toBeInTheDocument();
    expect(screen.queryByText(/saved this offer/)).not.toBeInTheDocument();
  });
});
