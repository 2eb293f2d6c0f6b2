// The client of the operator console's REST API (/console/api): JSON in and out, the token as a bearer
// header, the language on the query string (the server translates its error messages into it), and
// every answer checked against its contract schema. A failed call rejects with a RestError carrying the
// server's stable `errorKey`; an ended session (`operators.not_logged_in`) also calls onSessionExpired.
import type { z } from 'zod';

export const REST_TIMEOUT_MS = 30_000;
export const SESSION_ENDED_KEY = 'operators.not_logged_in';
export const NETWORK_ERROR_KEY = 'common.network';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly errorKey: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RestClientOptions {
  /** e.g. '/console/api' */
  baseUrl: string;
  getToken: () => string | null;
  /** The locale tag the server translates messages into (`en`, `zh-CN` ...). */
  getLang: () => string;
  onSessionExpired: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RestClient {
  get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.output<S>>;
  post<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>>;
  /** Posts one file as the multipart field `file` (image uploads). */
  upload<S extends z.ZodType>(path: string, schema: S, file: Blob, fileName?: string): Promise<z.output<S>>;
}

/** `?a=1&b=x` from the defined values only (empty strings count as not set: a cleared filter). */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createRestClient(options: RestClientOptions): RestClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function send<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, query: Query, body: unknown): Promise<z.output<S>> {
    const json = method === 'POST' && body !== undefined && !(body instanceof FormData);
    const url = `${options.baseUrl}${path}${queryString({ ...query, lang: options.getLang() })}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    // a FormData body sets its own multipart content type (with the boundary)
    if (json) headers['content-type'] = 'application/json';
    let response: Response;
    let payload: unknown;
    try {
      response = await doFetch(url, {
        method,
        headers,
        ...(method === 'POST' && body !== undefined ? { body: json ? JSON.stringify(body) : (body as FormData) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? REST_TIMEOUT_MS),
      });
      payload = response.status === 204 ? null : await response.json();
    } catch {
      throw new RestError(0, NETWORK_ERROR_KEY, '');
    }
    if (!response.ok) {
      const error = (payload ?? {}) as { errorKey?: unknown; message?: unknown; issues?: { path: string; message: string }[] };
      const errorKey = typeof error.errorKey === 'string' ? error.errorKey : 'common.system_error';
      if (errorKey === SESSION_ENDED_KEY) options.onSessionExpired();
      throw new RestError(response.status, errorKey, typeof error.message === 'string' ? error.message : '', error.issues ?? []);
    }
    return schema.parse(payload);
  }

  return {
    get: (path, schema, query = {}) => send('GET', path, schema, query, undefined),
    post: (path, schema, body) => send('POST', path, schema, {}, body),
    upload: (path, schema, file, fileName = 'upload') => {
      const form = new FormData();
      form.append('file', file, fileName);
      return send('POST', path, schema, {}, form);
    },
  };
}
