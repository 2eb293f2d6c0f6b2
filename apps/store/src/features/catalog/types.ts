// Wire shapes the catalogue screens read. Goods, shops and categories come from the contract as types
// only (zod stays out of the bundle); the few without an exported type are declared here with the
// fields used.
export type { CategoryNode, GoodsDetail, GoodsVo, SellerVo } from '@caravan/contract/catalog';
export type { ReviewCounts } from '@caravan/ui/review-tabs';

/** `{ pageInfo, pageList }` lists (API reference 1.4). */
export interface PageData<T> {
  pageInfo: { pageNum: number; pageSize: number; totalElements: number };
  pageList: T[];
}

/** banner!bannerList items (contract content.ts bannerOutput). */
export interface Banner {
  id: string;
  type: string;
  imgType: string;
  imgUrl: string;
  link: string;
  title: string;
  sort: number;
}

/** evaluation!list items (contract catalog.ts evaluationOutput), the fields shown. */
export interface Evaluation {
  id: string;
  skuId: string;
  evaluationType: number;
  rating: number;
  content: string;
  imgUrl1: string;
  imgUrl2: string;
  imgUrl3: string;
  imgUrl4: string;
  imgUrl5: string;
  imgUrl6: string;
  imgUrl7: string;
  imgUrl8: string;
  imgUrl9: string;
  userName: string;
  attributes: string;
  countryName: string;
  commentTime: string;
}
