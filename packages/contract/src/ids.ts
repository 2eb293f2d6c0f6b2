import { z } from 'zod';

// Legacy clients treat ids as opaque strings; ours are 32 lowercase hex characters (a UUIDv4 without
// dashes), the same shape the legacy server used.
export const ID_PATTERN = /^[0-9a-f]{32}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

export const idSchema = z.string().regex(ID_PATTERN);
