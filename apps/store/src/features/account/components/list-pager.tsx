import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';

/** Pagination under a favourites list; hidden when everything fits one page. */
export function ListPager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('account');
  if (total <= pageSize) return null;
  return (
    <nav className="account-pager" aria-label={t('common.pagination')}>
      <Pagination current={page} pageSize={pageSize} total={total} showSizeChanger={false} onChange={onChange} />
    </nav>
  );
}
