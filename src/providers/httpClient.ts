import { BACKGROUND_CALL_HEADER } from '../../shared/catalogue/backgroundCalls';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { failureMessage } from './failureMessage';

/** `ok`, `code`, then per-call fields (shared/contract/envelope.ts). */
export interface ApiBody {
  ok?: boolean;
  code?: string;
  [field: string]: unknown;
}

export interface ApiResponse<Body extends ApiBody = ApiBody> {
  status: number;
  body: Body;
}

export interface HttpClient {
  get<Body extends ApiBody = ApiBody>(path: string): Promise<ApiResponse<Body>>;
  /** Never rejects: a network failure becomes `{ok:false, code: <message>}`. */
  /** `background`: a call made on a timer, which is no sign of the admin (shared/catalogue/backgroundCalls.ts). */
  post<Body extends ApiBody = ApiBody>(path: string, payload?: unknown, options?: { background?: boolean }): Promise<ApiResponse<Body>>;
  /** Sends a search before the code that makes it has loaded (~0.5 s instead of ~1.6 s: docs/benchmarks.md, "First load"); see takeSentAhead. */
  sendAhead(path: string, payload: unknown): void;
  /** The identical search's answer sent ahead, if it has arrived: `take` hands it over at once, as `post` would a tick later. */
  answeredAhead(path: string, payload: unknown): { take(): ApiResponse } | undefined;
  put<Body extends ApiBody = ApiBody>(path: string, payload?: unknown, headers?: Record<string, string>): Promise<ApiResponse<Body>>;
  delete<Body extends ApiBody = ApiBody>(path: string, headers?: Record<string, string>): Promise<ApiResponse<Body>>;
  /** A list's CSV export; rejects with the server's code unless the status is 200. */
  download(path: string, payload?: unknown): Promise<DownloadedFile>;
  /** Server-sent events: the response unread; rejects on a network failure. */
  stream(path: string, signal: AbortSignal): Promise<Response>;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const FILENAME = /filename="([^"]+)"/;

/** Past it, the call goes to the server: the answer may be stale. */
export const SENT_AHEAD_LIFETIME_MS = 30_000;

const requestKey = (path: string, payload: unknown) => `${path} ${JSON.stringify(payload)}`;

export interface HttpClientOptions {
  baseUrl: string;
  token: () => string | null;
  fetch?: typeof fetch;
  /** Told of each call made with a session, by path (activity.ts). */
  onSignedInCall?: (path: string) => void;
  /** Asked when a call answers REAUTH_REQUIRED: true once the admin has proven themselves again (stepUp.ts). */
  askForProof?: () => Promise<boolean>;
}

async function readBody(response: Response): Promise<ApiBody> {
  const text = await response.text();
  if (!text) return { ok: response.ok };
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ApiBody) : { ok: response.ok, data: parsed };
  } catch {
    return { ok: false, code: response.ok ? 'INVALID_JSON' : `HTTP_${response.status}` };
  }
}

/** A dangerous call refused for want of a recent proof (STEP_UP_MINUTES); the body is read from a copy, left whole for the caller. */
const isStepUpRefusal = async (response: Response): Promise<boolean> =>
  response.status === 401 && (await readBody(response.clone())).code === ErrorCode.REAUTH_REQUIRED;

/** A failure with no message of its own becomes one that says UNKNOWN_ERROR_OCCUR. */
const withMessage = (error: unknown): Error => (error instanceof Error && error.message.trim() ? error : new Error(failureMessage(error)));

/** The console's one way to the API: credentials included, JSON in and out, no timeout. */
export function createHttpClient({
  baseUrl,
  token,
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  onSignedInCall,
  askForProof,
}: HttpClientOptions): HttpClient {
  const url = (path: string) => `${baseUrl}${path}`;
  const authorization = (): Record<string, string> => {
    const current = token();
    return current ? { Authorization: `JWT ${current}` } : {};
  };

  async function request<Result>(path: string, init: RequestInit, read: (response: Response) => Promise<Result>): Promise<Result> {
    if (token() && !new Headers(init.headers).has(BACKGROUND_CALL_HEADER)) onSignedInCall?.(path);
    const sendOnce = () => fetchImpl(url(path), { ...init, credentials: 'include', mode: 'cors' });
    try {
      const response = await sendOnce();
      // Once proven, the same call goes again, once: its caller sees only the second answer; cancelled, the refusal.
      const proven = askForProof !== undefined && (await isStepUpRefusal(response)) && (await askForProof());
      return await read(proven ? await sendOnce() : response);
    } catch (error) {
      throw withMessage(error);
    }
  }

  const answer = async <Body extends ApiBody>(response: Response): Promise<ApiResponse<Body>> => ({
    status: response.status,
    body: (await readBody(response)) as Body,
  });

  const send = <Body extends ApiBody>(method: string, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<Body>> =>
    request(
      path,
      {
        method,
        headers: {
          Accept: 'application/json',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
          ...authorization(),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      },
      answer<Body>,
    );

  /** Anything but 200 rejects with the envelope's code and the status, so that `checkError` sees a 401 as on every other call. */
  const file = async (response: Response): Promise<DownloadedFile> => {
    if (response.status !== 200) {
      const { code } = await readBody(response);
      throw Object.assign(new Error(code || `HTTP_${response.status}`), { status: response.status });
    }
    const filename = FILENAME.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download';
    return { blob: await response.blob(), filename };
  };

  const sentAhead = new Map<string, { key: string; answer: Promise<ApiResponse>; arrived?: ApiResponse; sentAt: number; session: string | null }>();
  const freshAhead = (path: string, payload: unknown) => {
    const ahead = sentAhead.get(path);
    return ahead && ahead.key === requestKey(path, payload) && ahead.session === token() && Date.now() - ahead.sentAt <= SENT_AHEAD_LIFETIME_MS
      ? ahead
      : undefined;
  };

  /** A search takes or ends only its own path's answer, so that a page's other searches may go first; any write or download (audited) ends them all. */
  const takeSentAhead = (path: string, payload: unknown): Promise<ApiResponse> | undefined => {
    if (sentAhead.size === 0) return undefined;
    const ahead = freshAhead(path, payload);
    if (path.endsWith('/search')) sentAhead.delete(path);
    else sentAhead.clear();
    return ahead?.answer;
  };

  return {
    get: (path) => send('GET', path),
    sendAhead(path, payload) {
      const answer = send('POST', path, payload);
      const ahead = { key: requestKey(path, payload), answer, sentAt: Date.now(), session: token() };
      // A failure is the taking call's to report, or nobody's.
      answer.then(
        (response) => Object.assign(ahead, { arrived: response }),
        () => undefined,
      );
      sentAhead.set(path, ahead);
    },
    answeredAhead(path, payload) {
      const arrived = freshAhead(path, payload)?.arrived;
      if (!arrived) return undefined;
      return {
        take: () => {
          sentAhead.delete(path);
          return arrived;
        },
      };
    },
    async post<Body extends ApiBody>(path: string, payload: unknown = {}, options: { background?: boolean } = {}) {
      try {
        const ahead = takeSentAhead(path, payload) as Promise<ApiResponse<Body>> | undefined;
        return await (ahead ?? send<Body>('POST', path, payload, options.background ? { [BACKGROUND_CALL_HEADER]: '1' } : {}));
      } catch (error) {
        return { status: 0, body: { ok: false, code: failureMessage(error) } as Body };
      }
    },
    put: (path, payload = {}, headers) => {
      sentAhead.clear();
      return send('PUT', path, payload, headers);
    },
    delete: (path, headers) => {
      sentAhead.clear();
      return send('DELETE', path, undefined, headers);
    },
    download: (path, payload = {}) => {
      sentAhead.clear();
      return request(
        path,
        {
          method: 'POST',
          headers: { Accept: 'text/csv, application/json', 'Content-Type': 'application/json', ...authorization() },
          body: JSON.stringify(payload),
        },
        file,
      );
    },
    // The session's header like every call: the token never rides in the URL, as an EventSource would need.
    stream: (path, signal) =>
      request(path, { method: 'GET', headers: { Accept: 'text/event-stream', ...authorization() }, signal }, async (response) => response),
  };
}
