import { HttpError, type RaRecord } from 'react-admin';
import type { ApiBody, ApiResponse } from './httpClient';
import { toRecord, type ApiRecord } from './records';

export interface SearchBody extends ApiBody {
  data?: ApiRecord[];
  total?: number;
}
export interface RecordBody extends ApiBody {
  data?: ApiRecord;
}

/** A refusal becomes an HttpError whose message is the server's code, else the given fallback text. */
export function expectOk<Body extends ApiBody>(response: ApiResponse<Body>, fallback: string): Body {
  if (response.body.ok === false || response.status >= 400) {
    throw new HttpError(response.body.code || fallback, response.status, response.body);
  }
  return response.body;
}

/** An answer's `data`: a refusal, or a success without it, rejects as expectOk does (the server's code, else `fallback`). */
export type DataBody<Data> = ApiBody & { data?: Data };
export function dataOf<Data>(response: ApiResponse<DataBody<Data>>, fallback: string): Data {
  const { data } = expectOk(response, fallback);
  if (data === undefined) throw new HttpError(fallback, response.status, response.body);
  return data;
}

export function recordOf(body: RecordBody, fallback: string): RaRecord {
  if (!body.data || typeof body.data._id !== 'string') throw new HttpError(fallback, 200, body);
  return toRecord(body.data);
}
