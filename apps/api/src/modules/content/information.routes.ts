import { idParams } from '@caravan/contract/console';
import {
  activityBody,
  activityEndBody,
  consoleActivity,
  consoleActivityList,
  informationDeleteBody,
  informationOverview,
  informationPage,
  informationPageBody,
  informationPageParams,
  informationPreview,
  informationPreviewBody,
} from '@caravan/contract/information';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor, restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { ActivitiesService } from './activities.service.ts';
import type { InformationService } from './information.service.ts';

// Console routes of the store's information pages (read by `information!list` / `information!get`)
// and of the lucky-draw activities (read by `activity/lottery!getCurrentActivity`).
// Pages: `information.read` looks, `information.write` changes; activities: `catalog.read` / `catalog.write`.

export interface InformationRouteDeps {
  information: InformationService;
  activities: ActivitiesService;
}

export function informationConsoleRoutes(deps: InformationRouteDeps): ConsoleRoutes {
  const { information, activities } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console information pages'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/information-pages',
      { schema: { summary: 'Every information page of this brand with the languages it has a version in.', tags, response: { 200: informationOverview, ...errors } }, preHandler: auth.require('information.read') },
      () => information.overview(),
    );
    typed.post(
      '/information-pages/preview',
      { schema: { summary: 'The sanitised HTML the store would show for this Markdown (nothing is saved).', tags, body: informationPreviewBody, response: { 200: informationPreview, ...errors } }, preHandler: auth.require('information.read') },
      (request) => information.preview(request.body.body),
    );
    typed.get(
      '/information-pages/:slug/:locale',
      { schema: { summary: "One language's version of a page (Markdown and its HTML).", tags, params: informationPageParams, response: { 200: informationPage, ...errors } }, preHandler: auth.require('information.read') },
      (request) => information.page(request.params.slug, request.params.locale),
    );
    typed.post(
      '/information-pages/:slug/:locale',
      {
        schema: { summary: "Create or replace one language's version of a page (audited with before and after).", tags, params: informationPageParams, body: informationPageBody, response: { 200: informationPage, ...errors } },
        preHandler: auth.require('information.write'),
      },
      (request) => {
        const { reason, ...input } = request.body;
        return information.save(request.params.slug, request.params.locale, input, operatorActor(auth, request, reason));
      },
    );
    typed.post(
      '/information-pages/:slug/:locale/delete',
      {
        schema: { summary: "Delete one language's version; the store then shows English (English cannot be deleted; audited).", tags, params: informationPageParams, body: informationDeleteBody, response: { 204: z.null(), ...errors } },
        preHandler: auth.require('information.write'),
      },
      async (request, reply) => {
        await information.delete(request.params.slug, request.params.locale, operatorActor(auth, request, request.body.reason));
        return reply.code(204).send(null);
      },
    );

    const activityTags = ['console lucky draw'];
    typed.get(
      '/activities',
      { schema: { summary: 'Lucky-draw activities, the latest first.', tags: activityTags, response: { 200: consoleActivityList, ...errors } }, preHandler: auth.require('catalog.read') },
      () => activities.list(),
    );
    typed.post(
      '/activities',
      { schema: { summary: 'Schedule a lucky-draw activity; none may overlap another (audited).', tags: activityTags, body: activityBody, response: { 200: consoleActivity, ...errors } }, preHandler: auth.require('catalog.write') },
      (request) => {
        const { reason, ...input } = request.body;
        return activities.create(input, operatorActor(auth, request, reason));
      },
    );
    typed.post(
      '/activities/:id/end',
      { schema: { summary: 'End a running activity now, or cancel a scheduled one (audited).', tags: activityTags, params: idParams, body: activityEndBody, response: { 200: consoleActivity, ...errors } }, preHandler: auth.require('catalog.write') },
      (request) => activities.end(request.params.id, operatorActor(auth, request, request.body.reason)),
    );
  };
}
