import type { UserInfo } from '@caravan/contract/accounts';
import QRCode from 'qrcode';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { UserRow } from './accounts.repository.ts';

/** The invitation link of a user: the store's register page with the user's code. */
export function invitationUrl(publicBaseUrl: string, usercode: string): string {
  return `${publicBaseUrl}/register?code=${encodeURIComponent(usercode)}`;
}

/** localuser!get: the legacy user-info shape. Fields for features not built yet carry their neutral values. */
export async function toUserInfo(user: UserRow, options: { publicBaseUrl: string; timeZone: string }): Promise<UserInfo> {
  const url = invitationUrl(options.publicBaseUrl, user.usercode);
  // a QR code only makes sense for an absolute link
  const qr = options.publicBaseUrl.startsWith('http') ? await QRCode.toDataURL(url, { margin: 1, width: 240 }) : '';
  return {
    partyId: user.id,
    username: user.username,
    userrole: user.role === 'seller' ? 'SELLER' : 'MEMBER',
    roletype: user.role,
    usercode: user.usercode,
    phone: user.phone ?? '',
    phoneverif: user.phoneVerifiedAt !== null,
    email: user.email ?? '',
    emailverif: user.emailVerifiedAt !== null,
    google_auth_secret: '',
    googleverif: false,
    identityverif: false,
    advancedverif: false,
    lastlogintime: formatLegacyDateTime(options.timeZone, user.lastLoginAt),
    lastloginip: user.lastLoginIp ?? '',
    avatar: user.avatar,
    name: '',
    nationality: '',
    kyc_status: 0,
    kyc_high_level_status: 0,
    signPdfUrl: '',
    url,
    usercode_qr: qr,
    safeword: user.safewordHash ? 1 : 0,
  };
}
