import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isBlobKey } from '../../platform/blob-store.ts';
import { UPLOADS_PATH } from './uploads.service.ts';

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Serves stored images with headers that stop browsers from treating them as anything else. */
export function registerUploadRoutes(app: FastifyInstance, blobs: BlobStore): void {
  app.get<{ Params: { key: string } }>(`${UPLOADS_PATH}:key`, { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (!isBlobKey(key)) return reply.code(404).send({ code: '1', msg: 'not found', errorKey: 'common.not_found' });
    const stream = await blobs.open(key);
    if (!stream) return reply.code(404).send({ code: '1', msg: 'not found', errorKey: 'common.not_found' });
    const extension = key.slice(key.lastIndexOf('.') + 1);
    return reply
      .header('content-type', CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `inline; filename="${key}"`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stream);
  });
}
