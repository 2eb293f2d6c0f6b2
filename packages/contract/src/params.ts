import { z } from 'zod';
import { tryParseMoney, type MoneyParseOptions } from './money.ts';
import { ID_PATTERN } from './ids.ts';

// Building blocks for legacy call parameters. Legacy clients send everything as query-string or form
// strings, some send JSON numbers; the gateway drops empty strings before validation, so a required
// field sent as "" reads as missing. An issue `message` that is an error key (e.g.
// "accounts.username_required") is answered with that key; any other issue becomes
// common.param_missing / common.param_invalid naming the field.

const scalar = z.union([z.string(), z.number()]);

/** Integer parameter given as "12" or 12. */
export function intParam(options: { min?: number; max?: number; error?: string } = {}) {
  return scalar.transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^-?\d{1,15}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: options.error ?? 'not an integer' });
      return z.NEVER;
    }
    const n = Number(text);
    if ((options.min !== undefined && n < options.min) || (options.max !== undefined && n > options.max)) {
      ctx.addIssue({ code: 'custom', message: options.error ?? 'out of range' });
      return z.NEVER;
    }
    return n;
  });
}

/** Legacy yes/no flag: "1"/"0" (also 1/0, "true"/"false"). */
export function flagParam() {
  return z.union([z.string(), z.number(), z.boolean()]).transform((value, ctx) => {
    const text = String(value).trim().toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
    ctx.addIssue({ code: 'custom', message: 'not a flag' });
    return z.NEVER;
  });
}

/** A money amount as a decimal string or JSON number, strictly parsed (see money.ts). */
export function moneyParam(options: MoneyParseOptions & { error?: string } = {}) {
  const error = options.error ?? 'common.amount_invalid';
  return z.union([z.string(), z.number()], { error }).transform((value, ctx) => {
    const result = tryParseMoney(value, options);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return result.value;
  });
}

/** A required 32-hex id: `missing` when absent, `invalid` for anything else (numbers, arrays, junk). */
export function requiredIdParam(missing: string, invalid: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : invalid) }).regex(ID_PATTERN, { error: invalid });
}

/** A 32-hex id; anything else (including numbers and arrays) is refused. */
export function idParam(error?: string) {
  return z.string(error ? { error } : undefined).regex(ID_PATTERN, error ? { error } : undefined);
}

/** Free text up to `max` characters (counted as code points), optionally trimmed. */
export function textParam(max: number, options: { min?: number; trim?: boolean; error?: string } = {}) {
  const base = options.trim === false ? z.string(options.error ? { error: options.error } : undefined) : z.string(options.error ? { error: options.error } : undefined).trim();
  return base.refine((value) => {
    const length = [...value].length;
    return length <= max && length >= (options.min ?? 0);
  }, options.error ? { error: options.error } : { error: `length must be ${options.min ?? 0}-${max}` });
}

/** One of a fixed set of string values (numbers are accepted as their decimal string). */
export function choiceParam<const T extends readonly [string, ...string[]]>(values: T, error?: string) {
  return scalar
    .transform((value) => String(value).trim())
    .pipe(z.enum(values, error ? { error } : undefined));
}
