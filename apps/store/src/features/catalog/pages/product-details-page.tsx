// Goods detail (spec section 2): pictures, variant choice, price and original price, sales, views and
// good-review rate, freight tips and the shipping promise, quantity within [buyMin, per-order maximum],
// add to cart and buy now (signed-in buyers), favourite, the shop, the description and the reviews.
// /productDetails?id=<sellerGoodsId>
import { HeartFilled, HeartOutlined, ShopOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { formatPlatformTime } from '@caravan/ui/format';
import { useHydrated } from '@caravan/ui/use-hydrated';
import { Button, InputNumber } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import brand from 'virtual:brand';
import { Amount } from '@caravan/ui/amount.tsx';
import { cart } from '../../../lib/cart-store.ts';
import { useSession } from '../../../lib/session.ts';
import { platformTimeZone, usePlatformSettings } from '../../../lib/settings.ts';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { useGoodsDetail } from '../api/get-goods-detail.ts';
import { useToggleFavourite } from '../api/toggle-favourite.ts';
import { buildCartLine, buyNowLine, maximumQuantity, minimumQuantity, type CartLineResult } from '../cart-line.ts';
import { findCategory } from '../categories.ts';
import { GALLERY_IMAGE_PX, GoodsGallery, type GalleryImage } from '../components/goods-gallery.tsx';
import { GoodsReviews } from '../components/goods-reviews.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { RateFigure } from '../components/rate-figure.tsx';
import { LoadError } from '../components/query-feedback.tsx';
import { ShopAvatar, ShopFigures, shopHref } from '../components/shop-card.tsx';
import { SkuPicker } from '../components/sku-picker.tsx';
import { discountPercent } from '../goods-price.ts';
import { linkTarget } from '../links.ts';
import { parseId } from '../listing-filters.ts';
import { initialSelection, inStock, selectedSku, type SkuSelection } from '../sku-selection.ts';
import type { GoodsDetail } from '../types.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import '../catalog.css';
import { useMessage } from '../../../components/feedback.tsx';

function galleryOf(goods: GoodsDetail): GalleryImage[] {
  if (goods.images.length > 0) return goods.images;
  return [goods.imgUrl1, goods.imgUrl2, goods.imgUrl3, goods.imgUrl4].filter((url) => url).map((url) => ({ large: url, thumb: url }));
}

/** imgDes may carry picture addresses (comma separated); anything else is not rendered. */
function descriptionImages(imgDes: string): string[] {
  return imgDes
    .split(/[,\s]+/)
    .map((part) => linkTarget(part))
    .filter((target) => target !== undefined)
    .map((target) => (target.kind === 'internal' ? target.to : target.href));
}

function Breadcrumbs({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalog');
  const tree = useCategoryTree();
  const top = findCategory(tree.data, goods.categoryId)?.top;
  const sub = findCategory(tree.data, goods.secondaryCategoryId)?.sub;
  return (
    <nav className="catalog-breadcrumbs" aria-label={t('detail.breadcrumbs')}>
      <ol>
        <li>
          <Link to="/index">{t('detail.home')}</Link>
        </li>
        {top && (
          <li>
            <Link to={`/classification?categoryId=${top.categoryId}`}>{top.name}</Link>
          </li>
        )}
        {sub && (
          <li>
            <Link to={`/classification?categoryId=${sub.categoryId}`}>{sub.name}</Link>
          </li>
        )}
        <li aria-current="page">{goods.name}</li>
      </ol>
    </nav>
  );
}

function FreightTips({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  return (
    <div className="catalog-tips">
      <p>
        <strong>{t('detail.freight')}</strong> <Amount value={goods.freightAmount} unit="USDT" />
      </p>
      <dl className="catalog-freight-parts">
        <div>
          <dt>{t('detail.freightDispatch')}</dt>
          <dd>
            <Amount value={goods.freightDispatch} unit="USDT" />
          </dd>
        </div>
        <div>
          <dt>{t('detail.freightLongDistance')}</dt>
          <dd>
            <Amount value={goods.freightLongDistance} unit="USDT" />
          </dd>
        </div>
        <div>
          <dt>{t('detail.freightDelivery')}</dt>
          <dd>
            <Amount value={goods.freightDelivery} unit="USDT" />
          </dd>
        </div>
      </dl>
      <p className="catalog-muted">{t('detail.freightNote')}</p>
      <p>
        {brand.warehouses.length > 0
          ? t('detail.shippingPromiseFrom', { count: brand.shippingPromiseHours, value: format.count(brand.shippingPromiseHours), list: brand.warehouses.join(', ') })
          : t('detail.shippingPromise', { count: brand.shippingPromiseHours, value: format.count(brand.shippingPromiseHours) })}{' '}
        {t('detail.returns', { count: brand.returnDays, value: format.count(brand.returnDays) })}
      </p>
    </div>
  );
}

function ShopAside({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalog');
  const shop = goods.seller;
  return (
    <aside className="catalog-panel catalog-detail-shop" aria-labelledby="catalog-detail-shop">
      <div className="catalog-detail-shop-head">
        <ShopAvatar name={shop.name || goods.sellerName} src={shop.avatar} size={56} />
        <h2 id="catalog-detail-shop">{shop.name || goods.sellerName}</h2>
      </div>
      <ShopFigures shop={shop} />
      <Link to={shopHref(shop.id || goods.sellerId)} className="catalog-button catalog-button-block">
        <ShopOutlined aria-hidden="true" /> {t('detail.visitShop')}
      </Link>
    </aside>
  );
}

function Purchase({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalog');
  const hydrated = useHydrated();
  const format = useFormatters();
  const message = useMessage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { token } = useSession();
  const { maxPerOrder } = usePlatformSettings();
  const favourite = useToggleFavourite(goods.id);
  const [selection, setSelection] = useState<SkuSelection>(() => initialSelection(goods.canSelectAttributes, goods.skus));
  const sku = selectedSku(goods.canSelectAttributes, goods.skus, selection);
  const min = minimumQuantity(goods);
  const max = Math.max(min, maximumQuantity(maxPerOrder, sku));
  const [count, setCount] = useState<number>(min);
  const kept = goods.isKeep === 1;
  const soldOut = goods.skus.length > 0 && !goods.skus.some(inStock);
  const choiceSoldOut = !soldOut && sku !== undefined && !inStock(sku);
  const off = discountPercent((sku ? sku.discountPrice : goods.discountPrice) ? goods.discountRatio : undefined);

  // keep the quantity inside the bounds when the variant (and so the stock) changes
  useEffect(() => setCount((current) => Math.min(Math.max(current, min), max)), [min, max]);

  const loginHref = `/login?redirect=${encodeURIComponent(pathname + search)}`;
  const explain = (result: Exclude<CartLineResult, { ok: true }>) => {
    void message.warning(
      t(`detail.problem.${result.reason}`, { min: format.count(min), max: format.count(max), attributes: (result.missing ?? []).join(', ') }),
    );
  };
  const line = (): CartLineResult | undefined => {
    if (!token) {
      void navigate(loginHref);
      return undefined;
    }
    const result = buildCartLine(goods, selection, count, maxPerOrder);
    if (!result.ok) explain(result);
    return result;
  };
  const addToCart = () => {
    const result = line();
    if (!result?.ok) return;
    const outcome = cart.add(result.line, maxPerOrder);
    if (outcome.ok) void message.success(t('detail.added'));
    else explain(outcome);
  };
  const buyNow = () => {
    const result = line();
    if (!result?.ok) return;
    void navigate('/settlement', { state: { buyNow: [buyNowLine(result.line)] } });
  };
  const toggleFavourite = () => {
    if (!token) {
      void navigate(loginHref);
      return;
    }
    favourite.mutate(!kept, { onSuccess: () => void message.success(t(kept ? 'detail.unfavourited' : 'detail.favourited')) });
  };

  return (
    <div className="catalog-purchase">
      <h1 className="catalog-detail-title">{goods.name}</h1>
      <div className="catalog-detail-price">
        <PriceTag item={sku ?? goods} size="large" />
        {goods.unit && <span className="catalog-muted">{t('detail.unit', { unit: goods.unit })}</span>}
        {off !== undefined && <span className="catalog-badge catalog-badge-inline">{t('price.off', { value: format.percent(off) })}</span>}
        {goods.discountPrice && goods.discountEndTime && (
          // the viewer's zone is known once the page has hydrated (a page the server rendered shows the platform's until then)
          <p className="catalog-muted">{t('detail.discountUntil', { time: formatPlatformTime(goods.discountEndTime, platformTimeZone(), hydrated ? undefined : platformTimeZone()) })}</p>
        )}
      </div>
      <dl className="catalog-figures catalog-figures-wide">
        <div>
          <dt>{t('detail.sold')}</dt>
          <dd>{format.count(goods.soldNum)}</dd>
        </div>
        <div>
          <dt>{t('detail.views')}</dt>
          <dd>{format.count(goods.viewsNum)}</dd>
        </div>
        <div>
          <dt>{t('detail.goodRate')}</dt>
          <RateFigure share={goods.highOpinion} reviews={goods.evaluationNum} />
        </div>
        <div>
          <dt>{t('detail.reviews')}</dt>
          <dd>{format.count(goods.evaluationNum)}</dd>
        </div>
      </dl>

      <SkuPicker attributes={goods.canSelectAttributes} skus={goods.skus} selection={selection} onChange={setSelection} />

      <div className="catalog-sku-row">
        <label htmlFor="catalog-quantity" className="catalog-field-label">
          {t('detail.quantity')}
        </label>
        <InputNumber
          id="catalog-quantity"
          min={min}
          max={max}
          precision={0}
          value={count}
          disabled={soldOut}
          onChange={(value) => setCount(typeof value === 'number' && Number.isFinite(value) ? value : min)}
        />
        <span className="catalog-muted">
          {sku ? t('detail.stock', { count: sku.stock, value: format.count(sku.stock) }) : null}
          {min > 1 ? ` ${t('detail.minimum', { count: min, value: format.count(min) })}` : ''}
        </span>
      </div>

      {soldOut && <p className="catalog-warning">{t('detail.soldOut')}</p>}
      {choiceSoldOut && <p className="catalog-warning" role="status">{t('detail.soldOutChoice')}</p>}
      <div className="catalog-actions">
        <Button type="primary" size="large" icon={<ShoppingCartOutlined aria-hidden="true" />} onClick={addToCart} disabled={soldOut || choiceSoldOut}>
          {t('detail.addToCart')}
        </Button>
        <Button size="large" className="catalog-buy-now" onClick={buyNow} disabled={soldOut || choiceSoldOut}>
          {t('detail.buyNow')}
        </Button>
        <Button size="large" icon={kept ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />} aria-pressed={kept} loading={favourite.isPending} onClick={toggleFavourite}>
          {kept ? t('detail.favourite.on') : t('detail.favourite.off')}
        </Button>
      </div>
      {!token && (
        <p className="catalog-muted">
          <Link to={loginHref}>{t('detail.loginToBuy')}</Link>
        </p>
      )}
      <FreightTips goods={goods} />
    </div>
  );
}

export default function ProductDetailsPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useGoodsDetail(id);
  const goods = detail.data;
  const images = useMemo(() => (goods ? galleryOf(goods) : []), [goods]);

  if (!id || detail.isError) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('detail.unavailable')}</h1>
        {detail.isError ? <LoadError error={detail.error} /> : <p>{t('detail.missingId')}</p>}
        <p>
          <Link to="/commodity">{t('detail.browse')}</Link>
        </p>
      </div>
    );
  }
  if (!goods) {
    return (
      // keyed like the loaded page below, so React keeps the same boxes in place (no layout shift)
      <div className="catalog-page catalog-detail" aria-busy="true">
        <span key="status" className="catalog-visually-hidden" role="status">
          {t('state.loading')}
        </span>
        <div key="crumbs" className="catalog-breadcrumbs" />
        <div key="top" className="catalog-detail-top">
          <div className="catalog-gallery-main catalog-skeleton" />
          <div className="catalog-skeleton catalog-skeleton-text" />
        </div>
      </div>
    );
  }
  const pictures = descriptionImages(goods.imgDes);
  return (
    <div className="catalog-page catalog-detail">
      <Breadcrumbs key="crumbs" goods={goods} />
      <div key="top" className="catalog-detail-top">
        <GoodsGallery images={images} name={goods.name} />
        {/* a new goods (or a new viewer) starts a fresh selection */}
        <Purchase key={`${goods.id}`} goods={goods} />
      </div>
      <div key="body" className="catalog-detail-body">
        <ShopAside goods={goods} />
        <div className="catalog-detail-main">
          <section className="catalog-panel" aria-labelledby="catalog-detail-description">
            <h2 id="catalog-detail-description">{t('detail.description')}</h2>
            {goods.des ? <p className="catalog-description" dir="auto">{goods.des}</p> : <p className="catalog-muted">{t('detail.noDescription')}</p>}
            {pictures.map((url) => (
              <img key={url} className="catalog-description-image" src={url} alt="" loading="lazy" decoding="async" width={GALLERY_IMAGE_PX} height={GALLERY_IMAGE_PX} />
            ))}
          </section>
          <GoodsReviews sellerGoodsId={goods.id} headingId="catalog-detail-reviews" />
        </div>
      </div>
    </div>
  );
}
