import { bannerBody, bannerQuery, consoleBanner, consoleBannerPage, moveBody, reasonRequired, uploadedImage } from '@caravan/contract/catalog-console';
import { idParams } from '@caravan/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../gateway/params.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorActor, restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { BannersService } from './banners.service.ts';

// Console routes of the store's banners (read by `banner!bannerList`): list, upload a picture, create,
// edit, delete and order. `catalog.read` looks, `catalog.write` changes. Rules live in BannersService.

export interface BannerRouteDeps {
  banners: BannersService;
  /** stores a banner picture an operator uploads (JPEG/PNG, general size limit) and answers its URL */
  storeOperatorImage(bytes: Buffer, operatorId: string): Promise<string>;
}

export function bannersConsoleRoutes(deps: BannerRouteDeps): ConsoleRoutes {
  const { banners } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console banners'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/banners',
      { schema: { summary: 'Banners by placement, in the order the store shows them.', tags, querystring: bannerQuery, response: { 200: consoleBannerPage, ...errors } }, preHandler: auth.require('catalog.read') },
      async (request) => {
        const { type, page, pageSize } = request.query;
        return { ...(await banners.list(type, { page, pageSize })), page, pageSize };
      },
    );
    typed.post(
      '/banners/images',
      {
        schema: { summary: 'Upload a banner picture (multipart field `file`, JPEG or PNG); answers its URL for imgUrl.', tags, consumes: ['multipart/form-data'], response: { 200: uploadedImage, ...errors, 413: restErrorOutput } },
        preHandler: auth.require('catalog.write'),
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('uploads.file_required');
        const { files } = await readMultipart(request, true);
        const file = files.find((candidate) => candidate.field === 'file') ?? files[0];
        if (!file) throw new AppError('uploads.file_required');
        return { url: await deps.storeOperatorImage(file.bytes, auth.operator(request).id) };
      },
    );
    typed.post(
      '/banners',
      { schema: { summary: 'Create a banner, last of its placement; its picture must be uploaded here (audited).', tags, body: bannerBody, response: { 200: consoleBanner, ...errors } }, preHandler: auth.require('catalog.write') },
      async (request) => {
        const { reason, ...input } = request.body;
        return banners.create(input, operatorActor(auth, request, reason));
      },
    );
    typed.post(
      '/banners/:id',
      { schema: { summary: 'Change a banner (audited with before and after).', tags, params: idParams, body: bannerBody, response: { 200: consoleBanner, ...errors } }, preHandler: auth.require('catalog.write') },
      async (request) => {
        const { reason, ...input } = request.body;
        return banners.update(request.params.id, input, operatorActor(auth, request, reason));
      },
    );
    typed.post(
      '/banners/:id/delete',
      { schema: { summary: 'Delete a banner (reason required; the audit entry keeps what it was).', tags, params: idParams, body: reasonRequired, response: { 204: z.null(), ...errors } }, preHandler: auth.require('catalog.write') },
      async (request, reply) => {
        await banners.delete(request.params.id, operatorActor(auth, request, request.body.reason));
        return reply.code(204).send(null);
      },
    );
    typed.post(
      '/banners/:id/move',
      { schema: { summary: 'Move a banner one place up or down within its placement (audited).', tags, params: idParams, body: moveBody, response: { 200: consoleBanner, ...errors } }, preHandler: auth.require('catalog.write') },
      async (request) => banners.move(request.params.id, request.body.direction, operatorActor(auth, request, request.body.reason)),
    );
  };
}
