import { errorCatalog, isErrorKey } from '@caravan/contract/errors/all-errors';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { isIdShape, type FieldShape, type ValueShape } from '../support/schema-walk.ts';

// Hostile input for the fuzz sweep (issue 18): values derived from what a schema accepts (its types,
// choices, patterns and lengths), mixed with values no schema should accept (wrong types, huge and
// broken strings, numbers such as 1e309, -0 and 0x10, arrays for scalars, prototype keys), and the
// transports the gateway reads (query string, urlencoded form, JSON, multipart) including broken ones.

const HOSTILE_TEXT = [
  ' ', '\t\n', '0', '-0', '+0', '1e309', '-1e309', '1e-400', '0x10', '0b11', '0o17', '1_000', 'NaN', 'Infinity', '-Infinity', '-1',
  '9007199254740993', '99999999999999999999999', '1.00000000001', '0.1e1', '1,5', '１２', '٣', '1 ', ' 1', 'null', 'undefined', 'true',
  'false', '[]', '{}', '{"a":1}', '[1,2]', "' or '1'='1", '"; drop table users; --', '../../etc/passwd', '%00', '%ff', '\u0000', 'a\u0000b',
  '\uD800', '\uDC00x', '\uFEFF1', '\u202Eabc', 'e\u0301\u0301\u0301', '👩‍👩‍👧‍👦', 'İı', 'ß', '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', '\r\nSet-Cookie: a=b', 'a'.repeat(256), 'é'.repeat(1000), '2026-02-30', '2026-13-01',
  '1970-01-01T00:00:00Z', '275760-09-13T00:00:00.001Z', '0'.repeat(32), 'F'.repeat(32), 'g'.repeat(32), ' '.repeat(32),
];

/** Sent only in JSON bodies: types a query string cannot carry. */
const HOSTILE_JSON: unknown[] = [
  1e308, -1e308, -0, 0.1, -1, 2 ** 53 + 1, Number.MIN_VALUE, true, false, null, [], [1], ['1', '2'], [[[['deep']]]], {}, { a: 1 }, JSON.parse('{"__proto__":{"polluted":1}}') as unknown,
  { toString: 'x' }, [null], [{}],
];

const HUGE = ['x'.repeat(70_000), '😀'.repeat(20_000), '9'.repeat(5_000), `${'['.repeat(3_000)}${']'.repeat(3_000)}`];

/** Field names no schema declares, sent next to the declared ones. */
const STRAY_KEYS = ['__proto__', 'constructor', 'prototype', 'token', 'lang', 'session_token', 'userId', 'user_id', 'role', 'id', 'extra', 'a[b]', 'a.b', ''];

export type Transport = 'get-query' | 'post-query' | 'form' | 'json' | 'multipart';
export type Broken = 'none' | 'oversized' | 'malformed-json' | 'malformed-multipart' | 'wrong-content-type' | 'truncated-form';

export interface FuzzRequest {
  params: Record<string, unknown>;
  transport: Transport;
  broken: Broken;
  /** how the session travels (legacy): query token, bearer header, none, a bogus token */
  auth: 'query' | 'bearer' | 'none' | 'bogus';
  lang: string | undefined;
  file: 'none' | 'png' | 'junk' | 'empty';
  /** a body transport also repeats its first parameter in the query string, with another value */
  alsoInQuery: unknown;
}

function hex32(): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...'0123456789abcdef'), { minLength: 32, maxLength: 32 }).map((chars) => chars.join(''));
}

/** Plausible values: what the schema names (choices, ids, lengths), real ids of the database, small numbers. */
function plausible(shape: ValueShape, realIds: string[]): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom('1', '2', '0', 'abc', 'Mei Chen', 'mei@example.com', '+1 718 555 0199', '100', '0.5', '2026-01-15')];
  if (shape.choices.length > 0) options.push(fc.constantFrom(...shape.choices));
  if (isIdShape(shape) || realIds.length > 0) options.push(hex32());
  if (realIds.length > 0) options.push(fc.constantFrom(...realIds));
  if (shape.maxLength !== undefined) {
    const max = Math.min(shape.maxLength, 5_000);
    options.push(fc.constantFrom('a'.repeat(max), 'a'.repeat(max + 1), '字'.repeat(max + 1)));
  }
  if (shape.minimum !== undefined || shape.maximum !== undefined) {
    options.push(fc.constantFrom(...[shape.minimum, shape.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n, n - 1, n + 1, String(n + 1)])));
  }
  if (shape.kinds.has('number')) options.push(fc.integer({ min: -5, max: 200 }));
  if (shape.kinds.has('boolean')) options.push(fc.boolean());
  if (shape.kinds.has('array') && shape.element) {
    const element = plausible(shape.element, realIds);
    options.push(fc.array(element, { maxLength: 4 }));
  }
  if (shape.fields) options.push(objectOf([...shape.fields.values()], realIds, 2));
  return fc.oneof(...options);
}

function hostile(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_JSON) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.bigInt().map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  );
}

function valueFor(shape: ValueShape, realIds: string[], depth: number): fc.Arbitrary<unknown> {
  const options = [
    { weight: 4, arbitrary: plausible(shape, realIds) },
    { weight: 5, arbitrary: hostile() },
  ];
  if (depth < 2) {
    // arrays and objects where the schema wants a scalar, scalars where it wants a structure
    options.push({ weight: 1, arbitrary: fc.array(fc.oneof(plausible(shape, realIds), hostile()), { minLength: 2, maxLength: 3 }) });
  }
  return fc.oneof(...options);
}

function objectOf(fields: FieldShape[], realIds: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields.map((field) => [field.name, fc.option(valueFor(field.shape, realIds, depth + 1), { nil: undefined, freq: 4 })] as const);
  return fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<unknown>>);
}

/** Parameters for a schema's fields (some missing, some hostile) plus stray keys. */
export function paramsArbitrary(fields: FieldShape[], realIds: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(objectOf(fields, realIds, 0), fc.option(fc.dictionary(fc.constantFrom(...STRAY_KEYS), hostile(), { maxKeys: 2 }), { nil: undefined, freq: 5 }))
    .map(([declared, stray]) => {
      const params: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(declared)) if (value !== undefined) params[key] = value;
      if (stray) for (const [key, value] of Object.entries(stray)) Object.defineProperty(params, key, { value, enumerable: true, writable: true, configurable: true });
      return params;
    });
}

export function requestArbitrary(fields: FieldShape[], realIds: string[], acceptsFiles: boolean): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    params: paramsArbitrary(fields, realIds),
    transport: fc.constantFrom<Transport>('get-query', 'post-query', 'form', 'json', 'multipart'),
    broken: fc.oneof(
      { weight: 30, arbitrary: fc.constant<Broken>('none') },
      { weight: 1, arbitrary: fc.constantFrom<Broken>('oversized', 'malformed-json', 'malformed-multipart', 'wrong-content-type', 'truncated-form') },
    ),
    auth: fc.oneof({ weight: 12, arbitrary: fc.constantFrom<FuzzRequest['auth']>('query', 'bearer') }, { weight: 1, arbitrary: fc.constantFrom<FuzzRequest['auth']>('none', 'bogus') }),
    lang: fc.option(fc.constantFrom('en', 'cn', 'tw', 'ar', 'ja', 'xx', 'EN', '../en', '\u0000'), { nil: undefined, freq: 3 }),
    file: acceptsFiles ? fc.constantFrom<FuzzRequest['file']>('png', 'junk', 'empty', 'none') : fc.constantFrom<FuzzRequest['file']>('none', 'none', 'none', 'junk'),
    alsoInQuery: fc.option(hostile(), { nil: undefined, freq: 6 }),
  });
}

// ---- encoding ---------------------------------------------------------------------------------

/** Percent-encodes like a browser would, and a lone surrogate as the broken UTF-8 a client might send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => (char.length === 1 && /[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value) ?? '';
}

/** key=value pairs; an array repeats its key (duplicated parameters). */
function pairs(params: Record<string, unknown>): [string, string][] {
  const list: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) list.push([key, asText(item)]);
    else list.push([key, asText(value)]);
  }
  return list;
}

function urlEncoded(list: [string, string][]): string {
  return list.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082', 'hex');

function multipartBody(list: [string, string][], file: FuzzRequest['file'], broken: boolean): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [key, value] of list) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`));
  if (file !== 'none') {
    const bytes = file === 'png' ? PNG : file === 'junk' ? Buffer.from('GIF89a<?php system($_GET[1]); ?>') : Buffer.alloc(0);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../${file}.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  if (broken) return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated`)]), contentType: `multipart/form-data; boundary=${boundary}` };
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The inject options of one fuzz request against a legacy path. */
export function legacyInject(url: string, request: FuzzRequest, token: string | undefined, remoteAddress: string): InjectOptions {
  const params: Record<string, unknown> = { ...request.params };
  const headers: Record<string, string> = {};
  const sessionToken = request.auth === 'bogus' ? 'not-a-session-token' : request.auth === 'none' ? undefined : token;
  if (sessionToken && request.auth === 'bearer') headers.authorization = `Bearer ${sessionToken}`;
  const queryPairs: [string, string][] = [];
  if (sessionToken && request.auth !== 'bearer') queryPairs.push(['token', sessionToken]);
  if (request.lang !== undefined) queryPairs.push(['lang', request.lang]);
  const list = pairs(params);
  const [first] = list;
  if (first && request.alsoInQuery !== undefined && request.transport !== 'get-query' && request.transport !== 'post-query') queryPairs.push([first[0], asText(request.alsoInQuery)]);
  let method: 'GET' | 'POST' = 'POST';
  let payload: string | Buffer | undefined;
  switch (request.transport) {
    case 'get-query':
      method = 'GET';
      queryPairs.push(...list);
      break;
    case 'post-query':
      queryPairs.push(...list);
      break;
    case 'form':
      payload = urlEncoded(list);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 'json':
      payload = JSON.stringify(params);
      headers['content-type'] = 'application/json';
      break;
    case 'multipart': {
      const body = multipartBody(list, request.file, request.broken === 'malformed-multipart');
      payload = body.payload;
      headers['content-type'] = body.contentType;
      break;
    }
  }
  if (request.broken === 'oversized') {
    method = 'POST';
    payload = JSON.stringify({ ...params, filler: 'x'.repeat(1024 * 1024 + 10) });
    headers['content-type'] = 'application/json';
  } else if (request.broken === 'malformed-json') {
    method = 'POST';
    payload = '{"orderId": "1", "broken": [tru';
    headers['content-type'] = 'application/json';
  } else if (request.broken === 'malformed-multipart' && request.transport !== 'multipart') {
    method = 'POST';
    payload = '--nope\r\nContent-Disposition: form-data; name="a"\r\n\r\nb';
    headers['content-type'] = 'multipart/form-data; boundary=other';
  } else if (request.broken === 'wrong-content-type') {
    method = 'POST';
    payload = `<xml>${urlEncoded(list)}</xml>`;
    headers['content-type'] = 'text/xml';
  } else if (request.broken === 'truncated-form') {
    method = 'POST';
    payload = `${urlEncoded(list)}&%E0%A4%A=%`;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const query = urlEncoded(queryPairs);
  return { method, url: query ? `${url}?${query}` : url, headers, remoteAddress, ...(payload !== undefined ? { payload } : {}) };
}

export interface RestFuzzRequest {
  pathValues: string[];
  query: Record<string, unknown>;
  body: Record<string, unknown> | unknown;
  broken: Broken;
  auth: 'bearer' | 'none' | 'bogus';
}

export function restArbitrary(pathFields: number, query: FieldShape[], body: FieldShape[] | undefined, realIds: string[]): fc.Arbitrary<RestFuzzRequest> {
  const pathValue = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), hex32(), realIds.length > 0 ? fc.constantFrom(...realIds) : hex32(), fc.string({ unit: 'binary', maxLength: 20 }));
  return fc.record({
    pathValues: fc.array(pathValue, { minLength: pathFields, maxLength: pathFields }),
    query: paramsArbitrary(query, realIds),
    body: body ? fc.oneof({ weight: 8, arbitrary: paramsArbitrary(body, realIds) }, { weight: 1, arbitrary: hostile() }) : fc.constant(undefined),
    broken: fc.oneof(
      { weight: 20, arbitrary: fc.constant<Broken>('none') },
      { weight: 1, arbitrary: fc.constantFrom<Broken>('oversized', 'malformed-json', 'wrong-content-type', 'truncated-form') },
    ),
    auth: fc.oneof({ weight: 15, arbitrary: fc.constant<RestFuzzRequest['auth']>('bearer') }, { weight: 1, arbitrary: fc.constantFrom<RestFuzzRequest['auth']>('none', 'bogus') }),
  });
}

/** The inject options of one fuzz request against a REST route (`:name` segments filled in order). */
export function restInject(method: string, url: string, request: RestFuzzRequest, token: string, remoteAddress: string): InjectOptions {
  let index = 0;
  const path = url.replace(/:[A-Za-z]+/g, () => encode(request.pathValues[index++] ?? ''));
  const headers: Record<string, string> = {};
  if (request.auth === 'bearer') headers.authorization = `Bearer ${token}`;
  if (request.auth === 'bogus') headers.authorization = 'Bearer 0000';
  let payload: string | undefined;
  if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  if (method !== 'GET' && method !== 'HEAD') {
    if (request.broken === 'oversized') {
      payload = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) });
      headers['content-type'] = 'application/json';
    } else if (request.broken === 'malformed-json') {
      payload = '{"reason": "x", [';
      headers['content-type'] = 'application/json';
    } else if (request.broken === 'wrong-content-type') {
      payload = '<reason>x</reason>';
      headers['content-type'] = 'text/xml';
    } else if (request.broken === 'truncated-form') {
      payload = 'reason=%E0%A4%A';
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
  }
  const query = urlEncoded(pairs(request.query));
  return { method: method as 'GET', url: query ? `${path}?${query}` : path, headers, remoteAddress, ...(payload !== undefined && method !== 'GET' ? { payload } : {}) };
}

// ---- checks -----------------------------------------------------------------------------------

/** What is wrong with a legacy answer, or undefined: a success, or a refusal with a known key whose legacy code matches. */
export function legacyProblem(status: number, body: string): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  let json: { code?: unknown; msg?: unknown; errorKey?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return 'answer is not JSON';
  }
  if (typeof json.code !== 'string') return 'no string code';
  if (json.code === '0') return status === 200 ? undefined : `success with HTTP ${status}`;
  if (!isErrorKey(json.errorKey)) return `unknown error key ${String(json.errorKey)}`;
  if (errorCatalog[json.errorKey].code !== json.code) return `code ${json.code} does not match ${json.errorKey}`;
  if (typeof json.msg !== 'string' || json.msg === '' || json.msg === json.errorKey) return `untranslated message for ${json.errorKey}`;
  return undefined;
}

/** What is wrong with a REST answer: a 5xx, or a refusal without a known key whose status matches. */
export function restProblem(status: number, body: string): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  if (status < 400) return undefined;
  let json: { errorKey?: unknown; message?: unknown; code?: unknown; msg?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return `HTTP ${status} answer is not JSON`;
  }
  if (!isErrorKey(json.errorKey)) return `unknown error key ${String(json.errorKey)}`;
  // a path no route serves answers the legacy envelope (the root's not-found handler)
  if (json.code !== undefined) return legacyProblem(200, body);
  if (errorCatalog[json.errorKey].status !== status) return `HTTP ${status} does not match ${json.errorKey}`;
  if (typeof json.message !== 'string' || json.message === '' || json.message === json.errorKey) return `untranslated message for ${json.errorKey}`;
  return undefined;
}

/** The error key of an answer (legacy envelope or REST error), 'ok' for a success. */
export function answerKey(body: string): string {
  try {
    const json = JSON.parse(body) as { code?: unknown; errorKey?: unknown };
    if (typeof json.errorKey === 'string') return json.errorKey;
    return json.code === '0' || json.code === undefined ? 'ok' : `code ${String(json.code)}`;
  } catch {
    return 'not-json';
  }
}
