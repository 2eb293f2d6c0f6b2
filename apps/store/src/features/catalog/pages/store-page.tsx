// A shop (spec section 2): its card and real figures (followers, page views, sales, good-review
// rate), follow / unfollow for signed-in buyers, a search inside the shop and its goods, 20 a page.
// /store?id=<sellerId>[&q=<in-shop search>][&page=<n>]
import { HeartFilled, HeartOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useGoodsList } from '../api/get-goods-list.ts';
import { useShop } from '../api/get-shop.ts';
import { useSearchShopGoods } from '../api/search-shop-goods.ts';
import { useToggleFollow } from '../api/toggle-follow.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { LoadError } from '../components/query-feedback.tsx';
import { ServiceScoresPanel } from '../components/service-scores.tsx';
import { ShopAvatar, ShopFigures } from '../components/shop-card.tsx';
import { parseId } from '../listing-filters.ts';
import { LISTING_PAGE_SIZE, parsePage } from '../paging.ts';
import { MAX_SEARCH_TEXT_LENGTH } from '../search-text.ts';
import type { SellerVo } from '../types.ts';
import '../catalog.css';

function loginHref(pathname: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

function FollowButton({ shop }: { shop: SellerVo }) {
  const { t } = useTranslation('catalog');
  const { token } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const toggle = useToggleFollow(shop.id);
  const following = shop.isFocus === 1;
  return (
    <Button
      type={following ? 'default' : 'primary'}
      icon={following ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />}
      loading={toggle.isPending}
      aria-pressed={following}
      onClick={() => {
        if (!token) {
          void navigate(loginHref(pathname, search));
          return;
        }
        toggle.mutate(!following);
      }}
    >
      {following ? t('store.following') : t('store.follow')}
    </Button>
  );
}

function ShopHeader({ shop }: { shop: SellerVo }) {
  return (
    <header className="catalog-shop-header">
      {shop.banner && <img className="catalog-shop-banner" src={shop.banner} alt="" width={1600} height={480} decoding="async" />}
      <div className="catalog-shop-header-body">
        <ShopAvatar name={shop.name} src={shop.avatar} size={96} />
        <div className="catalog-shop-header-text">
          <h1 className="catalog-page-title">{shop.name}</h1>
          {shop.shopRemark && (
            <p className="catalog-muted" dir="auto">
              {shop.shopRemark}
            </p>
          )}
        </div>
        <FollowButton shop={shop} />
      </div>
      <ShopFigures shop={shop} views={shop.viewsNum} wide />
      <ServiceScoresPanel scores={shop.serviceScores} />
    </header>
  );
}

function ShopSearch({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  return (
    <form
      className="catalog-shop-search"
      role="search"
      aria-label={t('store.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="catalog-shop-search" className="catalog-visually-hidden">
        {t('store.searchLabel')}
      </label>
      <Input id="catalog-shop-search" value={text} maxLength={MAX_SEARCH_TEXT_LENGTH} allowClear placeholder={t('store.searchPlaceholder')} onChange={(event) => setText(event.target.value)} />
      <Button htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
        {t('store.searchButton')}
      </Button>
    </form>
  );
}

export default function StorePage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const sellerId = parseId(params.get('id'));
  const keyword = [...(params.get('q') ?? '').trim()].slice(0, MAX_SEARCH_TEXT_LENGTH).join('');
  const page = parsePage(params.get('page'));
  const shop = useShop(sellerId);
  const listing = useGoodsList({ sellerId: sellerId ?? '', pageNum: page, pageSize: LISTING_PAGE_SIZE }, { enabled: Boolean(sellerId) && keyword.length === 0 });
  const found = useSearchShopGoods({ sellerId: sellerId ?? '', keyword, pageNum: page, pageSize: LISTING_PAGE_SIZE }, { enabled: Boolean(sellerId) });

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    return `?${next.toString()}`;
  };
  const search = (text: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (text) next.set('q', text);
    else next.delete('q');
    setParams(next);
  };

  if (!sellerId || shop.isError) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('store.unavailable')}</h1>
        {shop.isError ? <LoadError error={shop.error} /> : <p>{t('store.missingId')}</p>}
      </div>
    );
  }
  return (
    <div className="catalog-page catalog-store">
      {shop.data ? <ShopHeader shop={shop.data} /> : <div className="catalog-shop-header catalog-skeleton" aria-busy="true" />}
      <section className="catalog-section" aria-labelledby="catalog-shop-goods">
        <div className="catalog-section-head">
          <h2 id="catalog-shop-goods">{keyword ? t('store.resultsFor', { text: keyword }) : t('store.allGoods')}</h2>
          <ShopSearch initial={keyword} onSearch={search} />
        </div>
        <GoodsResults
          query={keyword ? found : listing}
          page={page}
          pageSize={LISTING_PAGE_SIZE}
          hrefFor={hrefFor}
          headingLevel={3}
          showShop={false}
          empty={keyword ? t('store.noResults', { text: keyword }) : t('store.noGoods')}
        />
      </section>
    </div>
  );
}
