/**
 * One entry of a module's closed list of error keys: the legacy envelope `code` (a string, "1" for
 * ordinary business errors, "403" for "log in again", "999" for "set a fund password first") and
 * the HTTP status new REST routes answer with. Messages live in locales/<locale>/server.json.
 */
export interface ErrorSpec {
  readonly code: string;
  readonly status: number;
}

const bad = { code: '1', status: 400 } as const;
const conflict = { code: '1', status: 409 } as const;
const forbidden = { code: '1', status: 403 } as const;
const notFound = { code: '1', status: 404 } as const;
const relogin = { code: '403', status: 401 } as const;
const tooMany = { code: '1', status: 429 } as const;
const unprocessable = { code: '1', status: 422 } as const;

export const spec = { bad, conflict, forbidden, notFound, relogin, tooMany, unprocessable } as const;
