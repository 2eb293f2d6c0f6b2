import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import {
  countOutput,
  followedShopsOutput,
  followInput,
  keepGoodsInput,
  keptGoodsOutput,
  pageInput,
  unfollowInput,
} from '@caravan/contract/favorites';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { AppError } from '../../platform/errors.ts';
import type { FavoritesService } from './favorites.service.ts';

const TAG = 'favorites';

export function favoritesActions(favorites: FavoritesService): AnyAction[] {
  return [
    defineAction({
      call: 'keepGoods!list',
      tag: TAG,
      auth: 'user',
      summary: 'Favourite goods, newest first (goods no longer on sale are left out).',
      input: pageInput,
      output: keptGoodsOutput,
      handler: (input, ctx) => favorites.keptGoods(ctx.user.id, input, ctx.locale),
    }),
    defineAction({
      call: 'keepGoods!add',
      tag: TAG,
      auth: 'user',
      summary: 'Add goods to the favourites.',
      input: keepGoodsInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await favorites.keep(ctx.user.id, input.sellerGoodsId);
        return null;
      },
    }),
    defineAction({
      call: 'keepGoods!del',
      tag: TAG,
      auth: 'user',
      summary: 'Remove goods from the favourites.',
      input: keepGoodsInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await favorites.unkeep(ctx.user.id, input.sellerGoodsId);
        return null;
      },
    }),
    defineAction({
      call: 'keepGoods!count',
      tag: TAG,
      auth: 'user',
      summary: 'Number of favourite goods.',
      input: emptyInput,
      output: countOutput,
      handler: (_input, ctx) => favorites.keptCount(ctx.user.id),
    }),
    defineAction({
      call: 'focusSeller!list',
      tag: TAG,
      auth: 'user',
      summary: 'Followed shops with their cards, newest first.',
      input: pageInput,
      output: followedShopsOutput,
      handler: (input, ctx) => favorites.followedShops(ctx.user.id, input),
    }),
    defineAction({
      call: 'focusSeller!add',
      tag: TAG,
      auth: 'user',
      summary: 'Follow a shop (not your own; sellers do not follow shops; shop capacity configurable).',
      input: followInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await favorites.follow(ctx.user.id, input.sellerId);
        return null;
      },
    }),
    defineAction({
      call: 'focusSeller!del',
      tag: TAG,
      auth: 'user',
      summary: 'Unfollow a shop (sellerId, or focusSellerId as the PC client sends it).',
      input: unfollowInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        const shopId = input.sellerId ?? input.focusSellerId;
        if (!shopId) throw new AppError('favorites.seller_id_required');
        await favorites.unfollow(ctx.user.id, shopId);
        return null;
      },
    }),
    defineAction({
      call: 'focusSeller!count',
      tag: TAG,
      auth: 'user',
      summary: 'Number of followed shops.',
      input: emptyInput,
      output: countOutput,
      handler: (_input, ctx) => favorites.followCount(ctx.user.id),
    }),
  ];
}
