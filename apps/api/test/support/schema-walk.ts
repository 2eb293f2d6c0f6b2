import { ID_PATTERN } from '@caravan/contract/ids';
import { z } from 'zod';

// Reads a zod schema the way the reliability sweeps need it: which parameters a call takes and, for
// each, what the schema accepts (types, choices, patterns, lengths). The fuzz sweep derives hostile
// values from it; the ownership sweep finds the id-like parameters. Only what the input side accepts
// counts as a kind; hints (choices, patterns, lengths) are gathered from both sides of a pipe.

export type ValueKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null' | 'any';

export interface ValueShape {
  kinds: Set<ValueKind>;
  /** enum and literal values anywhere in the schema */
  choices: unknown[];
  patterns: RegExp[];
  maxLength: number | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  /** the element of an array */
  element: ValueShape | undefined;
  /** the fields of an object */
  fields: Map<string, FieldShape> | undefined;
}

export interface FieldShape {
  name: string;
  optional: boolean;
  shape: ValueShape;
}

function emptyShape(): ValueShape {
  return { kinds: new Set(), choices: [], patterns: [], maxLength: undefined, minimum: undefined, maximum: undefined, element: undefined, fields: undefined };
}

interface ZodInternals {
  def: Record<string, unknown> & { type: string };
  bag: Record<string, unknown>;
  optin?: 'optional';
}

function internals(schema: z.ZodType): ZodInternals {
  return (schema as unknown as { _zod: ZodInternals })._zod;
}

function lower(current: number | undefined, next: unknown): number | undefined {
  return typeof next === 'number' && Number.isFinite(next) ? (current === undefined ? next : Math.min(current, next)) : current;
}

function walk(schema: z.ZodType, into: ValueShape, kinds: boolean, depth: number): void {
  if (depth > 12) return;
  const { def, bag } = internals(schema);
  into.maxLength = lower(into.maxLength, bag.maximum !== undefined && def.type === 'string' ? bag.maximum : bag.maxLength);
  if (def.type === 'number' || def.type === 'int') {
    into.minimum = typeof bag.minimum === 'number' ? bag.minimum : into.minimum;
    into.maximum = typeof bag.maximum === 'number' ? bag.maximum : into.maximum;
  }
  if (bag.patterns instanceof Set) for (const pattern of bag.patterns as Set<RegExp>) into.patterns.push(pattern);
  const add = (kind: ValueKind) => {
    if (kinds) into.kinds.add(kind);
  };
  switch (def.type) {
    case 'string':
    case 'template_literal':
      add('string');
      return;
    case 'number':
    case 'int':
    case 'bigint':
    case 'nan':
      add('number');
      return;
    case 'boolean':
      add('boolean');
      return;
    case 'null':
      add('null');
      return;
    case 'enum':
      add('string');
      into.choices.push(...Object.values(def.entries as Record<string, unknown>));
      return;
    case 'literal':
      add('string');
      into.choices.push(...(def.values as unknown[]));
      return;
    case 'array':
    case 'set':
    case 'tuple': {
      add('array');
      const element = (def.element ?? (def.items as z.ZodType[] | undefined)?.[0]) as z.ZodType | undefined;
      if (element) {
        into.element ??= emptyShape();
        walk(element, into.element, true, depth + 1);
      }
      return;
    }
    case 'object': {
      add('object');
      into.fields ??= new Map();
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const existing = into.fields.get(name);
        const shape = existing?.shape ?? emptyShape();
        walk(field, shape, true, depth + 1);
        into.fields.set(name, { name, optional: (existing?.optional ?? false) || internals(field).optin === 'optional', shape });
      }
      return;
    }
    case 'record':
    case 'map':
      add('object');
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option, into, kinds, depth + 1);
      return;
    case 'intersection':
      walk(def.left as z.ZodType, into, kinds, depth + 1);
      walk(def.right as z.ZodType, into, kinds, depth + 1);
      return;
    case 'pipe':
      walk(def.in as z.ZodType, into, kinds, depth + 1);
      // what the output side checks narrows the hints, not the accepted wire types
      walk(def.out as z.ZodType, into, false, depth + 1);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
    case 'success':
      walk(def.innerType as z.ZodType, into, kinds, depth + 1);
      return;
    case 'lazy':
      walk((def.getter as () => z.ZodType)(), into, kinds, depth + 1);
      return;
    case 'transform':
      // a transform at the input side takes whatever came (a preprocess)
      return;
    default:
      add('any');
  }
}

/** What a schema accepts. */
export function describeSchema(schema: z.ZodType): ValueShape {
  const shape = emptyShape();
  walk(schema, shape, true, 0);
  return shape;
}

/** The top-level parameters of a call's input schema (none for a schema that is not an object). */
export function parametersOf(schema: z.ZodType): FieldShape[] {
  return [...(describeSchema(schema).fields?.values() ?? [])];
}

/** True when the value must be one of our 32-hex ids. */
export function isIdShape(shape: ValueShape): boolean {
  return shape.patterns.some((pattern) => pattern.source === ID_PATTERN.source);
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}
