import { z } from 'zod';

/**
 * The legacy response envelope: HTTP 200, `code` a string ("0" success), `msg` translated into the
 * request language, `data` the payload. `errorKey` is our stable machine key for new clients.
 */
export interface Envelope<T> {
  code: string;
  msg: string;
  errorKey?: string;
  data?: T | null;
}

export const SUCCESS_CODE = '0';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string(),
    msg: z.string(),
    errorKey: z.string().optional(),
    data: data.nullable().optional(),
  });
}
