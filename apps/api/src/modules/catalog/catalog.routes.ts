import {
  categoryCreateBody,
  categoryUpdateBody,
  consoleCategory,
  consoleCategoryTree,
  consoleGoodsDetail,
  consoleGoodsPage,
  goodsQuery,
  goodsUpdateBody,
  moveBody,
  reasonRequired,
} from '@caravan/contract/catalog-console';
import { idParams } from '@caravan/contract/console';
import { money } from '@caravan/contract/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorActor, restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { CategoryAdminService } from './category-admin.service.ts';
import type { GoodsAdminRow, ListingFigures } from './goods-admin.repository.ts';
import type { GoodsAdminService } from './goods-admin.service.ts';

// Console routes of the catalogue (/console/api/catalog/...): the category tree and the platform's goods.
// `catalog.read` looks (every role), `catalog.write` changes (admin). Rules live in the services; rows
// never reach a response (only the contract's shapes).

export interface CatalogRouteDeps {
  categories: CategoryAdminService;
  goods: GoodsAdminService;
}

function toConsoleGoods(row: GoodsAdminRow, figures: ListingFigures) {
  return {
    id: row.id,
    names: row.names,
    categoryId: row.categoryId,
    topCategoryId: row.topCategoryId,
    systemPrice: money.format(row.systemPrice),
    enabled: row.enabled,
    thumbUrl: row.images[0]?.thumb ?? '',
    listings: figures.listings,
    visibleListings: figures.visibleListings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toGoodsDetail({ row, skus, figures }: Awaited<ReturnType<GoodsAdminService['detail']>>) {
  return {
    ...toConsoleGoods(row, figures),
    descriptions: row.descriptions,
    units: row.units,
    skus: skus.map((sku) => ({ id: sku.id, price: money.format(sku.price), stock: sku.stock })),
  };
}

export function catalogConsoleRoutes(deps: CatalogRouteDeps): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console catalogue'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/catalog/categories',
      { schema: { summary: 'The category tree: top-level categories with their children, disabled ones too, in rank order, with every stored language.', tags, response: { 200: consoleCategoryTree, ...errors } }, preHandler: auth.require('catalog.read') },
      async () => ({ items: await deps.categories.tree() }),
    );
    typed.post(
      '/catalog/categories',
      {
        schema: { summary: 'Create a top-level category, or a sub-category under a top-level one (placed last; audited).', tags, body: categoryCreateBody, response: { 200: consoleCategory, ...errors } },
        preHandler: auth.require('catalog.write'),
      },
      async (request) => deps.categories.create(request.body, operatorActor(auth, request, request.body.reason)),
    );
    typed.post(
      '/catalog/categories/:id',
      {
        schema: { summary: 'Change the names and descriptions (en required; zh-CN and zh-TW fall back to English when empty; audited with before and after).', tags, params: idParams, body: categoryUpdateBody, response: { 200: consoleCategory, ...errors } },
        preHandler: auth.require('catalog.write'),
      },
      async (request) => deps.categories.update(request.params.id, request.body, operatorActor(auth, request, request.body.reason)),
    );
    for (const [path, enabled] of [['enable', true], ['disable', false]] as const) {
      typed.post(
        `/catalog/categories/:id/${path}`,
        {
          schema: { summary: enabled ? 'Show the category in the store again (reason required, audited).' : 'Hide the category (and a top-level one\'s children) from the store (reason required, audited).', tags, params: idParams, body: reasonRequired, response: { 200: consoleCategory, ...errors } },
          preHandler: auth.require('catalog.write'),
        },
        async (request) => deps.categories.setEnabled(request.params.id, enabled, operatorActor(auth, request, request.body.reason)),
      );
    }
    typed.post(
      '/catalog/categories/:id/move',
      {
        schema: { summary: 'Move a category one place up or down among its siblings; answers the whole tree (audited with the order before and after).', tags, params: idParams, body: moveBody, response: { 200: consoleCategoryTree, ...errors } },
        preHandler: auth.require('catalog.write'),
      },
      async (request) => ({ items: await deps.categories.move(request.params.id, request.body.direction, operatorActor(auth, request, request.body.reason)) }),
    );

    typed.get(
      '/catalog/goods',
      {
        schema: { summary: 'The platform catalogue, newest first: by id or words of a name, category (either level) and state; counted up to 10,000.', tags, querystring: goodsQuery, response: { 200: consoleGoodsPage, ...errors } },
        preHandler: auth.require('catalog.read'),
      },
      async (request) => {
        const { q, categoryId, state, page, pageSize } = request.query;
        const result = await deps.goods.list({ q, categoryId, enabled: state ? state === 'enabled' : undefined }, { page, pageSize });
        return { items: result.items.map(({ row, figures }) => toConsoleGoods(row, figures)), total: result.total, totalIsLowerBound: result.totalIsLowerBound, page, pageSize };
      },
    );
    typed.get(
      '/catalog/goods/:id',
      { schema: { summary: 'One good with its texts, variants and how many shops list it.', tags, params: idParams, response: { 200: consoleGoodsDetail, ...errors } }, preHandler: auth.require('catalog.read') },
      async (request) => toGoodsDetail(await deps.goods.detail(request.params.id)),
    );
    typed.post(
      '/catalog/goods/:id',
      {
        schema: {
          summary: "Change names, description and wholesale price (a decimal string, at most 2 decimals). Variants keep their price ratio; every shop's selling price and search text follow. Reason required, audited.",
          tags,
          params: idParams,
          body: goodsUpdateBody,
          response: { 200: consoleGoodsDetail, ...errors },
        },
        preHandler: auth.require('catalog.write'),
      },
      async (request) => {
        const { reason, ...edit } = request.body;
        return toGoodsDetail(await deps.goods.update(request.params.id, edit, operatorActor(auth, request, reason)));
      },
    );
    for (const [path, enabled] of [['enable', true], ['disable', false]] as const) {
      typed.post(
        `/catalog/goods/:id/${path}`,
        {
          schema: { summary: enabled ? "Back on every shop's shelf (listings their shops keep on the shelf show again; reason required, audited)." : "Off every shop's shelf: buyers no longer see its listings (reason required, audited).", tags, params: idParams, body: reasonRequired, response: { 200: consoleGoodsDetail, ...errors } },
          preHandler: auth.require('catalog.write'),
        },
        async (request) => toGoodsDetail(await deps.goods.setEnabled(request.params.id, enabled, operatorActor(auth, request, request.body.reason))),
      );
    }
  };
}
