// The one client of the legacy `resource!method.action` API for the web apps (API reference section 1).
// Every call is a POST with the parameters as a form body, `lang` on the query string and the token as
// a bearer header (new clients; never in URLs, so it stays out of logs and histories). Answers are the
// legacy envelope: code "0" resolves with `data`; any other code rejects with an ApiError whose message
// is the server's, already translated into `lang`; "403" also ends the session.
import type { Envelope } from '@caravan/contract/envelope';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly errorKey: string | undefined,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** The screen shows the error itself: no toast (the 403 logout still happens). */
  silent?: boolean;
  /** Money-moving calls send one key per user intent, so a retry or double click is one effect. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Seller-panel calls live under /wap/seller/. */
  area?: 'api' | 'seller';
  /** A token not kept in the session (yet): the seller panel checks a fresh login's shop before keeping it. */
  token?: string;
}

export interface ApiClientOptions {
  /** Origin and path prefix, '' for the same origin. */
  baseUrl?: string;
  getToken: () => string | null;
  /** The request language code (`cn`, `tw`, `en` ...). */
  getLang: () => string;
  /** code "403": clear the session and go to the root. */
  onSessionExpired: () => void;
  /** A failed call's message, for the toast (the client debounces nothing itself; see errorToaster). */
  onError: (message: string) => void;
  fetch?: typeof fetch;
  /** Request time-out (spec section 9: 30 s). */
  timeoutMs?: number;
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const SESSION_EXPIRED_CODE = '403';

export interface ApiClient {
  call<T>(action: string, params?: Params, options?: CallOptions): Promise<T>;
  /** JSON body (only `evaluation!addList` among the legacy calls). */
  postJson<T>(action: string, body: unknown, options?: CallOptions): Promise<T>;
  /** Multipart upload of one file (uploadimg!execute); resolves with the stored image URL. */
  upload(file: Blob, fileName: string, moduleName: string, options?: CallOptions): Promise<string>;
}

function formBody(params: Params): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    body.append(key, String(value));
  }
  return body;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function send<T>(action: string, body: BodyInit | undefined, headers: Record<string, string>, callOptions: CallOptions): Promise<T> {
    const area = callOptions.area === 'seller' ? 'wap/seller' : 'wap/api';
    const url = `${options.baseUrl ?? ''}/${area}/${action}.action?lang=${encodeURIComponent(options.getLang())}`;
    const token = callOptions.token ?? options.getToken();
    const requestHeaders: Record<string, string> = { ...headers };
    if (token) requestHeaders.authorization = `Bearer ${token}`;
    if (callOptions.idempotencyKey) requestHeaders['idempotency-key'] = callOptions.idempotencyKey;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;

    let envelope: Envelope<T>;
    try {
      const response = await doFetch(url, { method: 'POST', headers: requestHeaders, body, signal });
      envelope = (await response.json()) as Envelope<T>;
      if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'string') {
        throw new Error(`unexpected answer (HTTP ${response.status})`);
      }
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      const failure = new ApiError('network', '', 'common.network', error);
      if (!callOptions.silent) options.onError('');
      throw failure;
    }
    if (envelope.code === '0') return (envelope.data ?? null) as T;
    if (envelope.code === SESSION_EXPIRED_CODE) options.onSessionExpired();
    const failure = new ApiError(envelope.code, envelope.msg, envelope.errorKey, envelope.data);
    if (!callOptions.silent) options.onError(envelope.msg);
    throw failure;
  }

  return {
    call: (action, params = {}, callOptions = {}) =>
      send(action, formBody(params), { 'content-type': 'application/x-www-form-urlencoded' }, callOptions),
    postJson: (action, body, callOptions = {}) => send(action, JSON.stringify(body), { 'content-type': 'application/json' }, callOptions),
    upload: (file, fileName, moduleName, callOptions = {}) => {
      const form = new FormData();
      form.append('moduleName', moduleName);
      form.append('file', file, fileName);
      return send<string>('uploadimg!execute', form, {}, callOptions);
    },
  };
}

/**
 * The legacy client's error toast: shown after a delay (500 ms), once per distinct message while it is
 * pending, so a burst of failing calls gives one toast per message.
 */
export function errorToaster(
  show: (message: string) => void,
  delayMs = 500,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): (message: string) => void {
  const pending = new Map<string, unknown>();
  return (message) => {
    const existing = pending.get(message);
    if (existing !== undefined) timers.clear(existing);
    pending.set(
      message,
      timers.set(() => {
        pending.delete(message);
        show(message);
      }, delayMs),
    );
  };
}
