// Home (spec section 2): banners, recommended goods and shops, daily new arrivals, hot sales and
// discounted goods, 12 of each, every section linking to its full listing. Part of the initial
// JavaScript of /index, so it keeps to plain markup and CSS (no heavy components).
import { useTranslation } from 'react-i18next';
import brand from 'virtual:brand';
import { HOME_BANNER_TYPE, useBanners } from '../api/get-banners.ts';
import { useGoodsList } from '../api/get-goods-list.ts';
import { useHomeContent } from '../api/get-home-content.ts';
import { useRecommendedGoods, type RecommendKind } from '../api/get-recommended-goods.ts';
import { useShops } from '../api/get-shops.ts';
import { BannerStrip, type BannerSlide } from '../components/banner-strip.tsx';
import { CatalogSection } from '../components/catalog-section.tsx';
import { GoodsGrid } from '../components/goods-grid.tsx';
import { LuckyDrawBox } from '../components/lucky-draw-box.tsx';
import { EmptyState, GridSkeleton, LoadError } from '../components/query-feedback.tsx';
import { ShopGrid } from '../components/shop-grid.tsx';
import { HOME_PAGE_SIZE } from '../paging.ts';
import type { GoodsVo } from '../types.ts';
import '../catalog.css';

/** Recommended shops shown on the home page (one row). */
export const HOME_SHOP_COUNT = 6;

function GoodsBlock({ query, empty }: { query: { data?: GoodsVo[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }; empty: string }) {
  if (query.isPending) return <GridSkeleton count={HOME_PAGE_SIZE} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const goods = query.data ?? [];
  if (goods.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <GoodsGrid goods={goods} />;
}

function RecommendedSection({ kind, title, moreHref }: { kind: RecommendKind; title: string; moreHref: string }) {
  const { t } = useTranslation('catalog');
  const query = useRecommendedGoods(kind);
  return (
    <CatalogSection title={title} moreHref={moreHref}>
      <GoodsBlock query={query} empty={t('state.noGoods')} />
    </CatalogSection>
  );
}

function DiscountedSection() {
  const { t } = useTranslation('catalog');
  const query = useGoodsList({ pageNum: 1, pageSize: HOME_PAGE_SIZE, discount: '1' });
  return (
    <CatalogSection title={t('home.discounted')} moreHref="/discounted">
      <GoodsBlock query={{ ...query, data: query.data?.pageList, refetch: query.refetch }} empty={t('state.noGoods')} />
    </CatalogSection>
  );
}

function ShopsSection() {
  const { t } = useTranslation('catalog');
  const query = useShops({ pageNum: 1, pageSize: HOME_SHOP_COUNT, isRec: true });
  let content;
  if (query.isPending) content = <GridSkeleton count={HOME_SHOP_COUNT} kind="shop" />;
  else if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.pageList.length === 0) content = <EmptyState>{t('state.noShops')}</EmptyState>;
  else content = <ShopGrid shops={query.data.pageList} />;
  return <CatalogSection title={t('home.recommendedShops')}>{content}</CatalogSection>;
}

function Banners() {
  const banners = useBanners(HOME_BANNER_TYPE);
  const home = useHomeContent();
  let slides: BannerSlide[] = (banners.data ?? []).filter((banner) => banner.imgUrl);
  // without placed banners, the legacy index!home banner pictures (links to images) stand in
  if (slides.length === 0 && banners.isSuccess) {
    slides = (home.data?.banner ?? []).map((url, index) => ({ id: `home-${index}`, imgUrl: url, link: '', title: '' }));
  }
  if (banners.isPending) return <div className="catalog-banners catalog-banners-loading" aria-hidden="true" />;
  return <BannerStrip banners={slides} />;
}

function Announcements() {
  const { t } = useTranslation('catalog');
  const home = useHomeContent();
  const lines = (home.data?.announcement ?? []).filter((line) => line.trim().length > 0);
  if (lines.length === 0) return null;
  return (
    <aside className="catalog-announcements" aria-label={t('home.announcements')}>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </aside>
  );
}

export default function HomePage() {
  const { t } = useTranslation('catalog');
  return (
    <div className="catalog-page catalog-home">
      <h1 className="catalog-visually-hidden">{t('home.title', { brand: brand.name })}</h1>
      <Banners />
      <LuckyDrawBox />
      <Announcements />
      <RecommendedSection kind="recommended" title={t('home.recommended')} moreHref="/commodity?isRec=1" />
      <ShopsSection />
      <RecommendedSection kind="new" title={t('home.newArrivals')} moreHref="/commodity?isNew=1" />
      <RecommendedSection kind="hot" title={t('home.hotSales')} moreHref="/commodity?isHot=1" />
      <DiscountedSection />
    </div>
  );
}
