// /userInfo/collect-shop: the shops the user follows, 20 a page, each can be unfollowed.
import { ShopOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FAVOURITES_PAGE_SIZE } from '../api/favourite-goods.ts';
import { useFollowedShops, useUnfollowShop, type FollowRecord } from '../api/followed-shops.ts';
import { AccountPage } from '../components/account-page.tsx';
import { ListPager } from '../components/list-pager.tsx';
import { useClampPage, usePageQuery } from '../components/use-page-query.ts';
import { isolate, reviewRatePercent } from '../account-links.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

function ShopCard({ record }: { record: FollowRecord }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const unfollow = useUnfollowShop();
  const shop = record.sellerVo;
  const to = `/store?id=${encodeURIComponent(record.sellerId)}`;
  const rate = reviewRatePercent(shop.highOpinion, shop.evaluationNum);
  return (
    <li className="account-shop-card" data-testid="followed-shop">
      <Link to={to} className="account-shop-avatar" tabIndex={-1} aria-hidden="true">
        {shop.avatar ? <img src={shop.avatar} alt="" width={64} height={64} loading="lazy" /> : <ShopOutlined aria-hidden="true" />}
      </Link>
      <div className="account-shop-body">
        <Link to={to} className="account-shop-name">
          <bdi>{shop.name}</bdi>
        </Link>
        {shop.shopRemark && <p className="account-shop-remark">
            <bdi>{shop.shopRemark}</bdi>
          </p>}
        <ul className="account-shop-stats">
          <li>{t('follows.goods', { count: shop.sellerGoodsNum })}</li>
          <li>{t('follows.followers', { count: shop.focusNum })}</li>
          <li>{t('follows.sold', { count: shop.soldNum })}</li>
          <li>{rate === undefined ? t('follows.noReviews') : t('follows.goodRate', { rate })}</li>
        </ul>
      </div>
      <div className="account-shop-actions">
        <Link to={to}>{t('follows.visit')}</Link>
        <Popconfirm
          title={t('follows.unfollowConfirm', { name: isolate(shop.name) })}
          okText={t('follows.unfollow')}
          cancelText={t('common.cancel')}
          onConfirm={() => unfollow.mutateAsync(record.sellerId).then(() => void message.success(t('follows.unfollowed')))}
        >
          <Button size="small" loading={unfollow.isPending} aria-label={t('follows.unfollowNamed', { name: shop.name })}>
            {t('follows.unfollow')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

export default function CollectShopPage() {
  const { t } = useTranslation('account');
  const [page, setPage] = usePageQuery();
  const list = useFollowedShops(page);
  const total = list.data?.pageInfo.totalElements;
  useClampPage(page, list.isPlaceholderData ? undefined : total, FAVOURITES_PAGE_SIZE, setPage);
  return (
    <AccountPage title={t('follows.title')} extra={total !== undefined && <span className="account-muted">{t('follows.count', { count: total })}</span>}>
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : list.isError ? (
        <Result status="warning" title={t('errors.load')} extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : list.data.pageList.length === 0 ? (
        <Empty description={t('follows.empty')}>
          <Link to="/index">{t('follows.browse')}</Link>
        </Empty>
      ) : (
        <>
          <ul className="account-shop-list">
            {list.data.pageList.map((record) => (
              <ShopCard key={record.id} record={record} />
            ))}
          </ul>
          <ListPager page={page} pageSize={FAVOURITES_PAGE_SIZE} total={total ?? 0} onChange={(next) => setPage(next)} />
        </>
      )}
    </AccountPage>
  );
}
