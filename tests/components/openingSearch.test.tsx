import { waitFor } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { searchPath, searchPayload } from '../../src/providers/searchRequest';
import { resources } from '../../src/resources';
import { resourceApi } from '../../src/resources/endpoints';
import { endpointsSentAhead, openingListSearch } from '../../src/resources/openingSearch';
import { renderPage, renderResource } from '../helpers/renderScreen';

/** The lists sent ahead: those whose endpoint has a file of its own (`api.ts`); the spec's lists all do. */
const sentAhead = new Set(endpointsSentAhead.map((endpoint) => endpoint.name));
const lists = resources.filter((resource) => resource.list && sentAhead.has(resource.name));
type GetList = ReturnType<typeof vi.fn<(resource: string, params: GetListParams) => Promise<{ data: never[]; total: number }>>>;

describe("each list's first search is the one the page's entry sends ahead", () => {
  it("covers the spec's lists, and sends nothing ahead for a list without an endpoint file", () => {
    expect(lists.map((resource) => resource.name)).toEqual(expect.arrayContaining(['admin', 'user', 'company', 'offer', 'need', 'message']));
    for (const resource of resources)
      if (!sentAhead.has(resource.name)) expect(openingListSearch({ pathname: `/${resource.name}`, search: '' })).toBeUndefined();
  });

  /** Renders a list and checks that its one call for `name` is the search the entry sends ahead from `address`. */
  async function expectOpeningSearch(name: string, address: string, render: (getList: GetList) => void) {
    const getList: GetList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    render(getList);
    // Other lists on the page (the Audit page's Admin filter searches `admin`) are not the page's own.
    await waitFor(() => expect(getList).toHaveBeenCalledWith(name, expect.anything()));
    const calls = getList.mock.calls.filter(([resource]) => resource === name);
    expect(calls).toHaveLength(1);
    const params = calls[0]?.[1];
    if (!params) throw new Error(`no getList call for ${name}`);
    const api = resourceApi(name);
    expect({ path: searchPath(api, params.filter), payload: searchPayload(api, params) }).toEqual(openingListSearch({ pathname: address, search: '' }));
  }

  it.each(lists.map((resource) => [resource.name, resource] as const))('%s: the list opened at /{name} sends that search', async (name, resource) => {
    await expectOpeningSearch(name, `/${name}`, (getList) => renderResource(resource, `/${name}`, { dataProvider: { getList } }));
  });

  it('the Audit page, which lists the audit trail at /audit, sends that search', async () => {
    await expectOpeningSearch('audit_event', '/audit', (getList) => renderPage(AuditPage, '/audit', { dataProvider: { getList } }));
  });
});
