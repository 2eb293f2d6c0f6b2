import { spec, type ErrorSpec } from './error-spec.ts';

// The seller side: settle-in applications, listings and the seller panel (API reference section 10).
export const sellersErrors = {
  'sellers.shop_name_required': spec.bad,
  'sellers.shop_name_invalid': spec.bad,
  /** another shop (or a pending application) already uses the name */
  'sellers.shop_name_taken': spec.conflict,
  'sellers.logo_required': spec.bad,
  /** not an image this user uploaded */
  'sellers.logo_invalid': spec.bad,
  'sellers.contact_required': spec.bad,
  'sellers.contact_invalid': spec.bad,
  'sellers.phone_required': spec.bad,
  'sellers.phone_invalid': spec.bad,
  'sellers.email_required': spec.bad,
  'sellers.email_invalid': spec.bad,
  'sellers.country_invalid': spec.bad,
  'sellers.description_required': spec.bad,
  'sellers.description_invalid': spec.bad,
  'sellers.documents_required': spec.bad,
  /** more than the allowed number, or not images this user uploaded */
  'sellers.documents_invalid': spec.bad,
  'sellers.address_invalid': spec.bad,
  /** an application is already waiting for review */
  'sellers.application_pending': spec.conflict,
  /** the account already has a shop */
  'sellers.already_seller': spec.conflict,
  'sellers.application_not_found': spec.notFound,
  /** console: decided by someone else meanwhile */
  'sellers.already_decided': spec.conflict,
  'sellers.reason_required': spec.bad,
  /** legacy "店铺未审核通过暂不能上架商品": the shop is not open (suspended or closed) */
  'sellers.shop_not_open': spec.forbidden,
  /** legacy "首次上架账户资金≥{_$1}，请充值后再试", only when a platform configures a minimum */
  'sellers.onshelf_recharge_required': spec.forbidden,
  'sellers.goods_required': spec.bad,
  /** an id that is not an enabled good of the platform catalogue */
  'sellers.goods_invalid': spec.bad,
  'sellers.profit_required': spec.bad,
  'sellers.profit_invalid': spec.bad,
  'sellers.profit_out_of_range': spec.bad,
  'sellers.discount_invalid': spec.bad,
  'sellers.discount_time_required': spec.bad,
  'sellers.discount_time_invalid': spec.bad,
  'sellers.listing_required': spec.bad,
  /** not a listing of this shop */
  'sellers.listing_not_found': spec.notFound,
  /** user!logoff: a shop with orders not finished (paid, in delivery, refund open) */
  'sellers.logoff_open_orders': spec.conflict,
} as const satisfies Record<`sellers.${string}`, ErrorSpec>;
