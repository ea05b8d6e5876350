import { waitFor } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { searchPath, searchPayload } from '../../src/providers/searchRequest';
import { resources } from '../../src/resources';
import { resourceApi } from '../../src/resources/endpoints';
import { openingListSearch } from '../../src/resources/openingSearch';
import { renderPage, renderResource } from '../helpers/renderScreen';

const lists = resources.filter((resource) => resource.list);

describe("each list's first search is the one the page's entry sends ahead", () => {
  it('covers every list the console declares', () => {
    expect(lists.map((resource) => resource.name)).toEqual(['admin', 'user', 'company', 'offer', 'need', 'message']);
  });

  it.each(lists.map((resource) => [resource.name, resource] as const))('%s: the list opened at /{name} sends that search', async (name, resource) => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    renderResource(resource, `/${name}`, { dataProvider: { getList } });
    await waitFor(() => expect(getList).toHaveBeenCalled());
    const params = getList.mock.calls[0]?.[1];
    if (!params) throw new Error('no getList call');
    const api = resourceApi(name);
    expect({ path: searchPath(api, params.filter), payload: searchPayload(api, params) }).toEqual(openingListSearch({ pathname: `/${name}`, search: '' }));
  });

  it('the Audit page, which lists the audit trail at /audit, sends that search', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    renderPage(AuditPage, '/audit', { dataProvider: { getList } });
    // The Admin filter's choices are searched too (the `admin` resource): the page's own list is the audit trail's.
    await waitFor(() => expect(getList).toHaveBeenCalledWith('audit_event', expect.anything()));
    const params = getList.mock.calls.find(([resource]) => resource === 'audit_event')?.[1];
    if (!params) throw new Error('no getList call for the audit trail');
    expect(getList.mock.calls.filter(([resource]) => resource === 'audit_event')).toHaveLength(1);
    const api = resourceApi('audit_event');
    expect({ path: searchPath(api, params.filter), payload: searchPayload(api, params) }).toEqual(openingListSearch({ pathname: '/audit', search: '' }));
  });
});
