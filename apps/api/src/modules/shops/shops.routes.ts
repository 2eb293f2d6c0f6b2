import { reasonRequired, consoleShop, consoleShopPage, shopQuery } from '@caravan/contract/catalog-console';
import { idParams } from '@caravan/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageTotal } from '../../platform/capped-count.ts';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { ShopRow } from './shops.repository.ts';
import { SHOP_DECISIONS, type ShopsService } from './shops.service.ts';

// Console routes of shops: the list by state, and suspending an open shop or reopening a suspended one
// with a reason (its listings disappear or appear with it). `catalog.read` looks, `catalog.write` acts.

export interface ShopRouteDeps {
  shops: ShopsService;
  /** the sellers' user names by id */
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
}

export function shopsConsoleRoutes(deps: ShopRouteDeps): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console shops'];
  const toConsoleShop = (row: ShopRow, ownerName: string, visibleListings: number) => ({
    id: row.id,
    name: row.name,
    ownerName,
    status: row.status as (typeof consoleShop.shape.status.options)[number],
    visibleListings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/shops',
      { schema: { summary: "Shops by state, id or words of the name, newest first, with the seller's name and the listings buyers see.", tags, querystring: shopQuery, response: { 200: consoleShopPage, ...errors } }, preHandler: auth.require('catalog.read') },
      async (request) => {
        const { state, q, page, pageSize } = request.query;
        const { rows, counted } = await deps.shops.consoleList({ status: state, q }, { page, pageSize });
        const owners = await deps.usernames(rows.map(({ row }) => row.id));
        return { items: rows.map(({ row, visibleListings }) => toConsoleShop(row, owners.get(row.id)?.username ?? '', visibleListings)), ...pageTotal(counted), page, pageSize };
      },
    );
    for (const decision of Object.keys(SHOP_DECISIONS) as (keyof typeof SHOP_DECISIONS)[]) {
      typed.post(
        `/shops/:id/${decision}`,
        {
          schema: {
            summary: decision === 'suspend' ? 'Suspend an open shop: buyers no longer see it nor its listings (reason required, audited).' : 'Reopen a suspended shop: its listings on the shelf show again (reason required, audited).',
            tags,
            params: idParams,
            body: reasonRequired,
            response: { 200: consoleShop, ...errors },
          },
          preHandler: auth.require('catalog.write'),
        },
        async (request) => {
          const { row, visibleListings } = await deps.shops.decide(request.params.id, decision, { id: auth.operator(request).id, reason: request.body.reason, requestId: request.id });
          const owners = await deps.usernames([row.id]);
          return toConsoleShop(row, owners.get(row.id)?.username ?? '', visibleListings);
        },
      );
    }
  };
}
