import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { BlobStore } from '../../platform/blob-store.ts';
import { isBlobKey, isPrivateBlobKey } from '../../platform/blob-store.ts';
import { API_CONTENT_SECURITY_POLICY } from '../../platform/security-headers.ts';
import type { UploadSigner } from './upload-signing.ts';
import { PRIVATE_UPLOADS_PATH, UPLOADS_PATH } from './uploads.service.ts';

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ code: '1', msg: 'not found', errorKey: 'common.not_found' });
}

function sendImage(reply: FastifyReply, key: string, stream: Readable) {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return reply
    .header('content-type', CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream')
    // nosniff comes with every answer (platform/security-headers.ts); opened as a page, it runs nothing
    .header('content-security-policy', `${API_CONTENT_SECURITY_POLICY}; sandbox`)
    .header('content-disposition', `inline; filename="${key}"`)
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(stream);
}

/**
 * Serves stored images with headers that stop browsers from treating them as anything else. Public
 * pictures under /uploads/<key>; private ones (identity documents) only under /uploads/private/<key>
 * with a valid, unexpired signature (upload-signing.ts), never cached by shared caches.
 */
export function registerUploadRoutes(app: FastifyInstance, blobs: BlobStore, signer: UploadSigner): void {
  app.get<{ Params: { key: string } }>(`${UPLOADS_PATH}:key`, { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (!isBlobKey(key) || isPrivateBlobKey(key)) return notFound(reply);
    const stream = await blobs.open(key);
    if (!stream) return notFound(reply);
    return sendImage(reply.header('cache-control', 'public, max-age=31536000, immutable'), key, stream);
  });
  app.get<{ Params: { key: string }; Querystring: { expires?: string; signature?: string } }>(`${PRIVATE_UPLOADS_PATH}:key`, { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params;
    if (!isPrivateBlobKey(key)) return notFound(reply);
    const verdict = signer.verify(key, request.query.expires, request.query.signature);
    // a missing, wrong or expired signature: refused before the store is even asked
    if (!verdict.ok) return reply.code(403).send({ code: '1', msg: 'forbidden', errorKey: 'common.no_permission' });
    const stream = await blobs.open(key);
    if (!stream) return notFound(reply);
    return sendImage(reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer'), key, stream);
  });
}
