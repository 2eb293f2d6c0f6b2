import { spec, type ErrorSpec } from './error-spec.ts';

export const favoritesErrors = {
  'favorites.goods_id_required': spec.bad,
  'favorites.goods_id_invalid': spec.bad,
  'favorites.seller_id_required': spec.bad,
  'favorites.seller_id_invalid': spec.bad,
  'favorites.already_added': spec.conflict,
  'favorites.cannot_follow_self': spec.bad,
  'favorites.sellers_cannot_follow': spec.forbidden,
  'favorites.followers_full': spec.conflict,
} as const satisfies Record<`favorites.${string}`, ErrorSpec>;
