import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SellerVo } from '../types.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import { RateFigure } from './rate-figure.tsx';

export function shopHref(sellerId: string): string {
  return `/store?id=${encodeURIComponent(sellerId)}`;
}

/** Avatars are 240 x 240; a shop without one shows its initial. */
export function ShopAvatar({ name, src, size }: { name: string; src: string | undefined; size: number }) {
  const usable = src && (src.startsWith('/') || /^https?:\/\//.test(src));
  if (usable) return <img className="catalog-shop-avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  return (
    <span className="catalog-shop-avatar catalog-shop-avatar-initial" style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

type ShopCounters = Pick<SellerVo, 'sellerGoodsNum' | 'soldNum' | 'highOpinion' | 'focusNum' | 'evaluationNum'>;

/** A shop's real counters: goods, sales, good-review rate, followers (and views, where the page has room). */
export function ShopFigures({ shop, views, wide = false }: { shop: ShopCounters; views?: number; wide?: boolean }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  return (
    <dl className={wide ? 'catalog-figures catalog-figures-wide' : 'catalog-figures'}>
      <div>
        <dt>{t('shop.goods')}</dt>
        <dd>{format.count(shop.sellerGoodsNum)}</dd>
      </div>
      <div>
        <dt>{t('shop.sales')}</dt>
        <dd>{format.count(shop.soldNum)}</dd>
      </div>
      <div>
        <dt>{t('shop.goodRate')}</dt>
        <RateFigure share={shop.highOpinion} reviews={shop.evaluationNum} />
      </div>
      <div>
        <dt>{t('shop.followers')}</dt>
        <dd>{format.count(shop.focusNum)}</dd>
      </div>
      {views !== undefined && (
        <div>
          <dt>{t('shop.views')}</dt>
          <dd>{format.count(views)}</dd>
        </div>
      )}
    </dl>
  );
}

export interface ShopCardProps {
  shop: Pick<SellerVo, 'id' | 'name' | 'avatar' | 'sellerGoodsNum' | 'soldNum' | 'highOpinion' | 'focusNum' | 'evaluationNum'>;
  headingLevel?: 2 | 3;
}

/** A shop card: avatar, name and its real figures, linking to the shop page. */
export function ShopCard({ shop, headingLevel = 3 }: ShopCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="catalog-shop-card">
      <Link to={shopHref(shop.id)} className="catalog-shop-card-link">
        <ShopAvatar name={shop.name} src={shop.avatar} size={64} />
        <Heading className="catalog-shop-card-name">{shop.name}</Heading>
      </Link>
      <ShopFigures shop={shop} />
    </article>
  );
}
