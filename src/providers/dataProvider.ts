import {
  type CreateParams,
  type DataProvider,
  type DeleteParams,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetOneParams,
  type RaRecord,
  type UpdateParams,
  HttpError,
} from 'react-admin';
import { DEFAULT_CREDIT_UNIT, balanceField } from '../../shared/catalogue/product';
import { expectOk, recordOf, type RecordBody, type SearchBody } from './apiResult';
import { createBulkCalls } from './bulkCalls';
import { createCompanyCalls } from './companyCalls';
import { createConsoleCalls } from './consoleCalls';
import { createCreditRequestCalls } from './creditRequestCalls';
import { createPresenceCalls } from './presenceCalls';
import { createSessionCalls } from './sessionCalls';
import { createPasskeyCalls } from './passkeyCalls';
import { createSecondFactorCalls } from './secondFactorCalls';
import { createStepUpCalls } from './stepUpCalls';
import { createUserCalls } from './userCalls';
import type { ApiResponse, DownloadedFile, HttpClient } from './httpClient';
import { toPayload, toRecord } from './records';
import { searchPath, searchPayload } from './searchRequest';
import { versionHeaders, versionOf } from './versions';
import { resourceApi } from '../resources/endpoints';
import type { ResourceApi } from '../resources/declarations';

const withPath = (api: ResourceApi, id: RaRecord['id']) => `${api.path}/${encodeURIComponent(String(id))}`;

/** What a list answer adds beside its rows, read by the Paginator. */
export interface ListTotalMeta {
  totalIsEstimate: boolean;
}

export type ConsoleDataProvider = ReturnType<typeof createDataProvider>;

/** react-admin's data provider over the HTTP contract, plus the calls that are not CRUD; `creditUnit` names the balance field. */
export function createDataProvider(http: HttpClient, creditUnit: string = DEFAULT_CREDIT_UNIT) {
  const bulkCalls = createBulkCalls(http);
  const getOne = async (resource: string, id: RaRecord['id']) => {
    const api = resourceApi(resource);
    const body = expectOk(await http.get<RecordBody>(withPath(api, id)), api.errors.one);
    return recordOf(body, api.errors.one);
  };

  const listOf = (api: ResourceApi, search: ApiResponse<SearchBody>): GetListResult => {
    const body = expectOk(search, api.errors.list);
    const rows = (api.listKey ? body[api.listKey] : body.data) as SearchBody['data'];
    // Past a bound the server estimates the total instead of counting every match; the paginator says so.
    const meta: ListTotalMeta = { totalIsEstimate: body.total_exact === false };
    return { data: (rows ?? []).map(toRecord), total: Number(body.total ?? 0), meta };
  };

  /** `meta.background`: a list read on a timer (the approvers' pending count), which is no sign of the admin. */
  const list = async (resource: string, params: Pick<GetListParams, 'filter' | 'pagination' | 'sort' | 'meta'>): Promise<GetListResult> => {
    const api = resourceApi(resource);
    return listOf(
      api,
      await http.post<SearchBody>(searchPath(api, params.filter), searchPayload(api, params), { background: params.meta?.background === true }),
    );
  };

  /** A ledger-held balance never rides along, so a stale form cannot move it; nor does `version`, which If-Match carries. */
  const updatePayload = (api: ResourceApi, data: Partial<RaRecord>): Record<string, unknown> => {
    const { version: _headerCarriesIt, ...fields } = toPayload(data);
    if (api.ledgerBalance) delete fields[balanceField(creditUnit)];
    return fields;
  };

  return {
    ...createCompanyCalls(http),
    ...createUserCalls(http),
    ...bulkCalls,
    ...createConsoleCalls(http),
    ...createCreditRequestCalls(http),
    ...createPresenceCalls(http),
    ...createSessionCalls(http),
    ...createSecondFactorCalls(http),
    ...createPasskeyCalls(http),
    ...createStepUpCalls(http),

    getList: (resource, params) => list(resource, params),

    /**
     * getList's answer at once, when the entry sent its search ahead (main.tsx) and the answer has arrived: `take`
     * gives the rows (undefined for a refusal, which the list's own call then meets), so the list's first render has them.
     */
    listAnsweredAhead(resource: string, params: Pick<GetListParams, 'filter' | 'pagination' | 'sort'>): { take(): GetListResult | undefined } | undefined {
      const api = resourceApi(resource);
      const ahead = http.answeredAhead(searchPath(api, params.filter), searchPayload(api, params));
      if (!ahead) return undefined;
      return {
        take: () => {
          try {
            return listOf(api, ahead.take() as ApiResponse<SearchBody>);
          } catch {
            return undefined;
          }
        },
      };
    },

    /** getList's search body (filters and sort), to `{path}/export`. */
    exportList: (resource: string, params: Pick<GetListParams, 'filter' | 'sort'>): Promise<DownloadedFile> => {
      const api = resourceApi(resource);
      return http.download(`${api.path}/export`, searchPayload(api, params));
    },

    // The API's records are untyped JSON: the caller's RecordType is taken on trust, as react-admin does.
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams) => ({
      data: (await getOne(resource, params.id)) as R,
    }),

    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams) => ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id)))) as R[],
    }),

    getManyReference: (resource, params) => list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async <R extends RaRecord>(resource: string, params: CreateParams) => {
      const api = resourceApi(resource);
      const body = expectOk(await http.post<RecordBody>(api.path, toPayload(params.data)), api.errors.create);
      return { data: recordOf(body, api.errors.create) as R };
    },

    /** If-Match at the form's starting version: a record changed since is refused (409 STALE_RECORD); `meta.overwrite` saves over it on purpose. */
    update: async <R extends RaRecord>(resource: string, params: UpdateParams) => {
      const api = resourceApi(resource);
      // The edits' version, unless a reload moved previousData on; an overwrite goes at the version shown in the conflict.
      const overwrite = params.meta?.overwrite === true;
      const editedOn = !overwrite && versionOf(params.data) !== undefined ? params.data : params.previousData;
      const headers = versionHeaders(editedOn, overwrite);
      const body = expectOk(await http.put<RecordBody>(withPath(api, params.id), updatePayload(api, params.data), headers), api.errors.update);
      return { data: recordOf(body, api.errors.update) as R };
    },

    updateMany: async (resource, params) => {
      const api = resourceApi(resource);
      for (const id of params.ids) {
        expectOk(await http.put(withPath(api, id), updatePayload(api, params.data)), api.errors.update);
      }
      return { data: params.ids };
    },

    delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>) => {
      const api = resourceApi(resource);
      expectOk(await http.delete(withPath(api, params.id), versionHeaders(params.previousData)), api.errors.delete);
      return { data: params.previousData ?? ({ id: params.id } as R) };
    },

    /** One bulk call; react-admin's contract has no partial success, so the console's bulk buttons use `bulk` itself. */
    deleteMany: async (resource, params) => {
      const results = await bulkCalls.bulk(resource, 'delete', params.ids);
      const refused = results.find((result) => !result.ok);
      if (refused) throw new HttpError(refused.code ?? resourceApi(resource).errors.delete, 409, refused);
      return { data: params.ids };
    },
  } satisfies DataProvider;
}

export type AdminDataProvider = ReturnType<typeof createDataProvider>;
