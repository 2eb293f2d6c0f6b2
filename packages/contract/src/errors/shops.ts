import { spec, type ErrorSpec } from './error-spec.ts';

export const shopsErrors = {
  'shops.seller_required': spec.bad,
  'shops.seller_id_invalid': spec.bad,
  'shops.shop_unavailable': spec.notFound,
  'shops.status_invalid': spec.conflict,
} as const satisfies Record<`shops.${string}`, ErrorSpec>;
