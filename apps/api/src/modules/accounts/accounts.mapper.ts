import type { UserInfo } from '@caravan/contract/accounts';
import { KYC_STATUS } from '@caravan/contract/kyc';
import QRCode from 'qrcode';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { UserKycInfo } from '../kyc/kyc.mapper.ts';
import type { UserRow } from './accounts.repository.ts';

/** The invitation link of a user: the store's register page with the user's code. */
export function invitationUrl(publicBaseUrl: string, usercode: string): string {
  return `${publicBaseUrl}/register?code=${encodeURIComponent(usercode)}`;
}

/** localuser!get: the legacy user-info shape (identity verification from the KYC module). Fields for features not built yet carry their neutral values. */
export async function toUserInfo(user: UserRow, options: { publicBaseUrl: string; timeZone: string }, kyc: UserKycInfo): Promise<UserInfo> {
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
    identityverif: kyc.realNameStatus === KYC_STATUS.passed,
    advancedverif: kyc.advancedStatus === KYC_STATUS.passed,
    lastlogintime: formatLegacyDateTime(options.timeZone, user.lastLoginAt),
    lastloginip: user.lastLoginIp ?? '',
    avatar: user.avatar,
    name: kyc.name,
    nationality: kyc.nationality,
    kyc_status: kyc.realNameStatus,
    kyc_high_level_status: kyc.advancedStatus,
    signPdfUrl: '',
    url,
    usercode_qr: qr,
    safeword: user.safewordHash ? 1 : 0,
  };
}
