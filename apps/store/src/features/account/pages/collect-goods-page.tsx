// /userInfo/collect-goods: the user's favourite goods, 20 a page, each removable. (The legacy
// `?index=` only chose the side-menu entry; the menu follows the path instead.)
import { HeartFilled } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { FAVOURITES_PAGE_SIZE, useFavouriteGoods, useRemoveFavouriteGoods, type FavouriteGoods } from '../api/favourite-goods.ts';
import { AccountPage } from '../components/account-page.tsx';
import { ListPager } from '../components/list-pager.tsx';
import { useClampPage, usePageQuery } from '../components/use-page-query.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

function GoodsCard({ goods }: { goods: FavouriteGoods }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const remove = useRemoveFavouriteGoods();
  const image = goods.imgUrl1 || goods.zoomImg;
  const onSale = goods.isShelf === 1;
  const discounted = Boolean(goods.discountPrice) && goods.discountPrice !== goods.sellingPrice;
  const picture = image ? <img src={image} alt={goods.name} loading="lazy" width={200} height={200} /> : <span className="account-goods-noimage" />;
  return (
    <li className="account-goods-card" data-testid="favourite-goods">
      {onSale ? (
        <Link to={`/productDetails?id=${encodeURIComponent(goods.id)}`} className="account-goods-image" tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      ) : (
        <div className="account-goods-image account-goods-image-off">{picture}</div>
      )}
      <div className="account-goods-body">
        {onSale ? (
          <Link to={`/productDetails?id=${encodeURIComponent(goods.id)}`} className="account-goods-name">
            <bdi>{goods.name}</bdi>
          </Link>
        ) : (
          <span className="account-goods-name">
            <bdi>{goods.name}</bdi>
          </span>
        )}
        {!onSale && <Tag className="account-goods-off">{t('favourites.offShelf')}</Tag>}
        <p className="account-goods-price">
          <Amount value={discounted ? goods.discountPrice : goods.sellingPrice} unit="USDT" className="account-price" />
          {discounted && (
            <del className="account-price-old">
              <span className="account-visually-hidden">{t('favourites.originalPrice')}</span>
              <Amount value={goods.sellingPrice} />
            </del>
          )}
        </p>
        <Button
          className="account-goods-remove"
          size="small"
          icon={<HeartFilled aria-hidden="true" />}
          loading={remove.isPending}
          aria-label={t('favourites.removeNamed', { name: goods.name })}
          onClick={() => remove.mutate(goods.id, { onSuccess: () => void message.success(t('favourites.removed')) })}
        >
          {t('favourites.remove')}
        </Button>
      </div>
    </li>
  );
}

export default function CollectGoodsPage() {
  const { t } = useTranslation('account');
  const [page, setPage] = usePageQuery();
  const list = useFavouriteGoods(page);
  const total = list.data?.pageInfo.totalElements;
  useClampPage(page, list.isPlaceholderData ? undefined : total, FAVOURITES_PAGE_SIZE, setPage);
  return (
    <AccountPage title={t('favourites.title')} extra={total !== undefined && <span className="account-muted">{t('favourites.count', { count: total })}</span>}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <Result status="warning" title={t('errors.load')} extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : list.data.pageList.length === 0 ? (
        <Empty description={t('favourites.empty')}>
          <Link to="/commodity">{t('favourites.browse')}</Link>
        </Empty>
      ) : (
        <>
          <ul className="account-goods-grid">
            {list.data.pageList.map((goods) => (
              <GoodsCard key={goods.id} goods={goods} />
            ))}
          </ul>
          <ListPager page={page} pageSize={FAVOURITES_PAGE_SIZE} total={total ?? 0} onChange={(next) => setPage(next)} />
        </>
      )}
    </AccountPage>
  );
}
