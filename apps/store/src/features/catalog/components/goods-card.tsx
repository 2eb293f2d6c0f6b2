import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { discountPercent } from '../goods-price.ts';
import type { GoodsVo } from '../types.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import { PriceTag } from './price-tag.tsx';

/** Thumbnails are 320 x 320 (zoomImg); the first picture is the fallback. */
export const CARD_IMAGE_PX = 320;

export function goodsHref(sellerGoodsId: string): string {
  return `/productDetails?id=${encodeURIComponent(sellerGoodsId)}`;
}

export interface GoodsCardProps {
  goods: Pick<GoodsVo, 'id' | 'name' | 'zoomImg' | 'imgUrl1' | 'sellingPrice' | 'discountPrice' | 'discountRatio' | 'soldNum' | 'sellerName'>;
  /** the card's title level, following the headings around it */
  headingLevel?: 2 | 3;
  /** the shop name under the title (left out inside a shop's own page) */
  showShop?: boolean;
}

/** A goods card: picture, name, price (with the discount), sales; the picture and name link to the detail. */
export function GoodsCard({ goods, headingLevel = 3, showShop = true }: GoodsCardProps) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const off = goods.discountPrice ? discountPercent(goods.discountRatio) : undefined;
  const image = goods.zoomImg || goods.imgUrl1;
  return (
    <article className="catalog-goods-card">
      <Link to={goodsHref(goods.id)} className="catalog-goods-card-link">
        <span className="catalog-goods-card-media">
          {image ? (
            <img src={image} alt="" width={CARD_IMAGE_PX} height={CARD_IMAGE_PX} loading="lazy" decoding="async" />
          ) : (
            <span className="catalog-image-missing" aria-hidden="true" />
          )}
          {off !== undefined && <span className="catalog-badge">{t('price.off', { value: format.percent(off) })}</span>}
        </span>
        <Heading className="catalog-goods-card-name">{goods.name}</Heading>
      </Link>
      <PriceTag item={goods} />
      <p className="catalog-goods-card-meta">
        <span>{t('card.sold', { count: goods.soldNum, value: format.count(goods.soldNum) })}</span>
        {showShop && goods.sellerName && <span className="catalog-goods-card-shop">{goods.sellerName}</span>}
      </p>
    </article>
  );
}
