import { z } from 'zod';
import { textParam } from './params.ts';

export const uploadImageInput = z.object({
  /** Purpose of the upload; decides the size limit ("avatar" 2M, "online" chat 10M, "credit" 30M, others 10M). */
  moduleName: textParam(32).optional(),
});

/** The stored image's URL. */
export const uploadImageOutput = z.string();
