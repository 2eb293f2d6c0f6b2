// /userInfo/invite: the user's invitation code, link (copy) and QR code, and the users who registered
// with it (masked names, join time), 10 a page.
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { absoluteLink } from '../account-links.ts';
import { INVITED_PAGE_SIZE, useInvitedUsers } from '../api/invited-users.ts';
import { useUserInfo } from '../api/user-info.ts';
import { AccountPage } from '../components/account-page.tsx';
import { InvitationCard } from '../components/invitation-card.tsx';
import { ListPager } from '../components/list-pager.tsx';
import { useClampPage, usePageQuery } from '../components/use-page-query.ts';
import '../account.css';

function InvitedList() {
  const { t } = useTranslation('account');
  const [page, setPage] = usePageQuery();
  const list = useInvitedUsers(page);
  const total = list.data?.pageInfo.totalElements;
  useClampPage(page, list.isPlaceholderData ? undefined : total, INVITED_PAGE_SIZE, setPage);
  return (
    <section className="account-card account-card-wide" aria-labelledby="account-invited-title">
      <h2 id="account-invited-title" className="account-card-title">
        {t('invite.invited')} {total !== undefined && <span className="account-muted">({t('invite.total', { total })})</span>}
      </h2>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <Result status="warning" title={t('errors.load')} extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : list.data.pageList.length === 0 ? (
        <Empty description={t('invite.empty')} />
      ) : (
        <>
          <table className="account-invited-table" data-testid="invited-users">
            <thead>
              <tr>
                <th scope="col">{t('invite.user')}</th>
                <th scope="col">{t('invite.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.pageList.map((user, index) => (
                <tr key={`${user.username}-${user.joinTime}-${index}`}>
                  <td>
                    <bdi>{user.username}</bdi>
                  </td>
                  <td>
                    <PlatformTime value={user.joinTime} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ListPager page={page} pageSize={INVITED_PAGE_SIZE} total={total ?? 0} onChange={(next) => setPage(next)} />
        </>
      )}
    </section>
  );
}

export default function InvitePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const profile = useUserInfo();
  const code = profile.data?.usercode ?? user?.usercode ?? '';
  const url = absoluteLink(profile.data?.url, window.location.origin);
  return (
    <AccountPage title={t('invite.title')}>
      <p className="account-muted">{t('invite.intro')}</p>
      <section className="account-card" aria-labelledby="account-invite-code-title">
        <h2 id="account-invite-code-title" className="account-card-title">
          {t('invite.code')}
        </h2>
        <p className="account-invite-code" dir="ltr" data-testid="invite-code">
          {code}
        </p>
      </section>
      {url && <InvitationCard url={url} qr={profile.data?.usercode_qr ?? ''} />}
      <InvitedList />
    </AccountPage>
  );
}
