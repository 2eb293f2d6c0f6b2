// Object literals written as source code, for the functions compiled once and run on every row or answer
// (platform/sql.ts's row mappers, gateway/projection.ts's projections): a literal gives every object it
// makes the same shape, where setting keys one by one goes through V8's megamorphic keyed stores.

/**
 * The source of an object literal of these keys, each with the source of its value, in this order; the
 * keys are written as JSON strings. Undefined when a key is `__proto__`: in a literal it would set the
 * object's prototype, not a property.
 */
export function objectLiteralSource(entries: readonly (readonly [key: string, value: string])[]): string | undefined {
  if (entries.some(([key]) => key === '__proto__')) return undefined;
  return `{ ${entries.map(([key, value]) => `${JSON.stringify(key)}: ${value}`).join(', ')} }`;
}
