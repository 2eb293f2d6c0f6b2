import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';
import type { UploadedFile } from './action.ts';

// Legacy clients send the same parameters as a query string, an urlencoded or multipart form, or a
// JSON body (the Java server read everything through request.getParameter). We merge them into one
// object: query first, body values win. Empty strings count as absent, as they did for the legacy
// server's blank checks.

export type LegacyParams = Record<string, unknown>;

export const MAX_FORM_FIELDS = 60;
export const MAX_FIELD_BYTES = 64 * 1024;
/** The largest upload kind (identity documents); modules apply finer limits per kind. */
export const MAX_FILE_BYTES = 30 * 1024 * 1024;

function addEntries(target: LegacyParams, source: unknown): void {
  if (!source || typeof source !== 'object' || Array.isArray(source) || Buffer.isBuffer(source)) return;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (value === '' || value === undefined) continue;
    target[key] = value;
  }
}

export function mergeParams(query: unknown, body: unknown): LegacyParams {
  const params: LegacyParams = Object.create(null) as LegacyParams;
  addEntries(params, query);
  addEntries(params, body);
  return params;
}

/** Reads a multipart request: fields become parameters, files are buffered (bounded). */
export async function readMultipart(request: FastifyRequest, acceptsFiles: boolean): Promise<{ fields: LegacyParams; files: UploadedFile[] }> {
  const fields: LegacyParams = Object.create(null) as LegacyParams;
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FORM_FIELDS + 1 },
    })) {
      if (part.type === 'file') {
        if (!acceptsFiles) {
          part.file.resume();
          throw new AppError('common.param_invalid', { field: part.fieldname });
        }
        const bytes = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
      } else if (typeof part.value === 'string' && part.value !== '') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploads.too_large', { limit: '30M' });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('common.param_invalid', { field: 'multipart' });
    }
    throw new AppError('common.param_invalid', { field: 'multipart' });
  }
  return { fields, files };
}
