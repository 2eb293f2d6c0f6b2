// The declared part of an answer, for JSON.stringify (ADR 0003, addendum of 2026-12-06).
//
// fast-json-stringify writes only the fields a call's output schema declares, and builds the answer's text
// itself, field by field and character by character; on `order!listMain`'s full page that was about a
// sixth of the API's CPU per request. V8's JSON.stringify writes the same text several times faster, but
// writes every field it finds. A projection compiled from the same JSON Schema copies the declared fields
// into a fresh object tree first, so what is written is still only what the contract declares.
//
// It covers the schemas the legacy calls use: objects with declared properties (no additional ones), arrays
// of one item schema, primitives, and unions of primitives with at most one object or array (nullable
// fields and payloads). For anything else (a reference, a record, a tuple, a union of two objects) it
// answers undefined and the call keeps fast-json-stringify. Types are not coerced as fast-json-stringify would: handlers return wire-shaped
// values, and with VALIDATE_RESPONSES (every test run) each answer is checked against its zod schema first.

import { objectLiteralSource } from '../platform/object-literal.ts';

type JsonSchema = Record<string, unknown>;

/** A value's declared part: the same value for a primitive schema, a copy of the declared fields otherwise. */
export type Projection = (value: unknown) => unknown;

/**
 * Keys of a schema that need nothing beyond primitives and plain objects or arrays. (Not `default`:
 * fast-json-stringify writes a field's default in place of a missing value, which a copy would not.)
 */
const PLAIN_KEYS = new Set(['type', 'properties', 'required', 'items', 'additionalProperties', 'anyOf', 'oneOf', 'description', 'title', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum', 'const', 'minItems', 'maxItems', 'examples', 'nullable']);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a schema projects to: null for "the value as it is", a projection, or undefined when not covered. */
function compile(schema: JsonSchema, depth: number): Projection | null | undefined {
  if (depth > 32 || Object.keys(schema).some((key) => !PLAIN_KEYS.has(key))) return undefined;
  const unions = [schema.anyOf, schema.oneOf].filter((union) => union !== undefined);
  if (unions.length > 0) {
    // primitives and at most one object or array (a nullable one): that one's projection passes the others through
    const [union] = unions;
    if (unions.length > 1 || !Array.isArray(union) || schema.type !== undefined || schema.properties !== undefined || schema.items !== undefined) return undefined;
    let structured: Projection | undefined;
    for (const branch of union) {
      const projection = isSchema(branch) ? compile(branch, depth + 1) : undefined;
      if (projection === undefined || (projection !== null && structured)) return undefined;
      if (projection !== null) structured = projection;
    }
    return structured ?? null;
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const structured = types.filter((type) => !PRIMITIVE_TYPES.has(type as string));
  if (structured.length === 0) {
    return schema.properties === undefined && schema.items === undefined ? null : undefined;
  }
  if (structured.length > 1) return undefined;
  if (structured[0] === 'array') {
    if (schema.properties !== undefined || !isSchema(schema.items)) return undefined;
    const item = compile(schema.items, depth + 1);
    if (item === undefined) return undefined;
    // (arrays of primitives are written as they are, but count as structured in a union)
    if (item === null) return (value) => value;
    return (value) => (Array.isArray(value) ? value.map((entry) => item(entry)) : value);
  }
  if (structured[0] !== 'object' || schema.items !== undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) return undefined;
  if (!isSchema(schema.properties)) return undefined;
  // fast-json-stringify's order: the required fields first, each group in the schema's order
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const keys = Object.keys(schema.properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
  const fields: (Projection | null)[] = [];
  for (const key of keys) {
    const field = schema.properties[key];
    const projection = isSchema(field) ? compile(field, depth + 1) : undefined;
    if (projection === undefined) return undefined;
    fields.push(projection);
  }
  // one object literal: every copy gets the same shape (a `__proto__` field is declined). A required field
  // that is missing fails the answer, as fast-json-stringify's "is required!" did
  const literal = objectLiteralSource(keys.map((key, index) => [key, fields[index] ? `f[${index}](v[${JSON.stringify(key)}])` : `v[${JSON.stringify(key)}]`] as const));
  if (literal === undefined) return undefined;
  const checks = keys.filter((key) => required.has(key)).map((key) => `if (v[${JSON.stringify(key)}] === undefined) missing(${JSON.stringify(key)});`).join(' ');
  const make = new Function('f', 'missing', `return function project(v) { if (v === null || typeof v !== 'object') return v; ${checks} return ${literal}; };`) as (f: (Projection | null)[], missing: (key: string) => never) => Projection;
  return make(fields, missingField);
}

function missingField(key: string): never {
  throw new Error(`${key} is required!`);
}

/** The projection of an output schema, or undefined when the schema is beyond what it covers. */
export function compileProjection(schema: JsonSchema): Projection | undefined {
  const projection = compile(schema, 0);
  return projection === null ? (value) => value : projection;
}
