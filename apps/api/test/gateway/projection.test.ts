import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { answerSerializer, responseSchemaOf } from '../../src/gateway/gateway.ts';
import { compileProjection } from '../../src/gateway/projection.ts';
import { useTestApp } from '../support/test-app.ts';

// The legacy answers are written by JSON.stringify of their declared part (ADR 0003, addendum of
// 2026-12-06) where the output schema allows, by fast-json-stringify otherwise. The text must be the one
// fast-json-stringify wrote, undeclared fields left out: checked here on every call of the action table,
// with a value that fills every declared field, adds undeclared ones at every level and holds strings
// that need escaping.

const t = await useTestApp();

type Schema = Record<string, unknown>;

const AWKWARD = 'quote " backslash \\ newline \n tab \t nul \u0000 line separator \u2028 é 中文 😀';

/** A value with every declared field of `schema` filled, and with `extra`, an undeclared field beside each object's. */
function sample(schema: Schema, extra: boolean, depth = 0): unknown {
  if (depth > 12) return null;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return sample(branches[0] ?? {}, extra, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((entry) => entry !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = extra ? { undeclaredSecret: 'must not be written' } : {};
      for (const [key, field] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) value[key] = sample(field, extra, depth + 1);
      return value;
    }
    case 'array':
      return [sample((schema.items ?? {}) as Schema, extra, depth + 1), sample((schema.items ?? {}) as Schema, extra, depth + 1)];
    case 'string':
      if (schema.format === 'date-time') return '2026-12-06T12:00:00.000Z';
      // (a union's branch is chosen by validation: a pattern must be matched)
      if (typeof schema.pattern === 'string') return [AWKWARD, '0123456789abcdef0123456789abcdef'].find((text) => new RegExp(schema.pattern as string, 'u').test(text)) ?? AWKWARD;
      return AWKWARD;
    case 'integer':
      return 42;
    case 'number':
      return 12.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return AWKWARD;
  }
}

describe('answers written by JSON.stringify of their declared part', () => {
  it('writes every call of the action table exactly as fast-json-stringify did, and covers the hot calls', () => {
    const projected: string[] = [];
    const fallback: string[] = [];
    for (const action of t.actions) {
      const schema = responseSchemaOf(action);
      // the others are written by fast-json-stringify itself
      if (!compileProjection(schema)) {
        fallback.push(action.call);
        continue;
      }
      projected.push(action.call);
      const data = (schema.properties as Record<string, Schema>).data ?? {};
      const value = { code: '0', msg: '', data: sample(data, true), undeclaredSecret: 'must not be written' };
      const written = answerSerializer(schema)(value);
      // (fast-json-stringify matches a union's branches by validating the value: it is given the value without its undeclared fields)
      expect(written, action.call).toBe((fastJson(schema) as (data: unknown) => string)({ code: '0', msg: '', data: sample(data, false) }));
      expect(written, action.call).not.toContain('undeclaredSecret');
      // a required field missing fails the answer, as it did
      const { code: _code, ...withoutCode } = value;
      expect(() => answerSerializer(schema)(withoutCode), action.call).toThrow('code is required!');
    }
    for (const call of ['order!listMain', 'wallet!getUsdt', 'sellerGoods!list', 'sellerGoods!info', 'sellerGoods!search', 'sellerGoods!search-keyword', 'order!submit', 'order!pay', 'withdraw!apply']) {
      expect(projected, call).toContain(call);
    }
    // all but a few calls are covered; those keep fast-json-stringify (a record of settings, the recursive category trees)
    expect(fallback.length).toBeLessThan(projected.length / 10);
  });

  it('leaves out undeclared fields at every depth, keeps nulls and absent optional fields as they are', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        lines: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['n'], additionalProperties: false } },
      },
      required: ['id', 'lines'],
      additionalProperties: false,
    };
    const project = compileProjection(schema);
    expect(project).toBeDefined();
    const value = { id: 'a', note: null, password: 'x', lines: [{ n: 1, tags: ['t'], hidden: true }, { n: 2 }] };
    expect(JSON.stringify(project?.(value))).toBe('{"id":"a","lines":[{"n":1,"tags":["t"]},{"n":2}],"note":null}');
    expect(JSON.stringify(project?.(value))).toBe((fastJson(schema) as (data: unknown) => string)(value));
  });

  it('declines what it does not cover, so that those answers keep fast-json-stringify', () => {
    const object = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    for (const schema of [
      { type: 'object', additionalProperties: { type: 'string' } },
      { $ref: '#/definitions/x' },
      { anyOf: [object, { type: 'array', items: { type: 'string' } }] },
      { anyOf: [object, { type: 'null' }], type: 'object' },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'object', properties: { a: { allOf: [{ type: 'string' }] } } },
      { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
      // a literal's "__proto__" would set the copy's prototype, and JSON.stringify would not write it
      JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}}, "additionalProperties": false}') as Schema,
    ]) {
      expect(compileProjection(schema), JSON.stringify(schema)).toBeUndefined();
    }
  });
});
