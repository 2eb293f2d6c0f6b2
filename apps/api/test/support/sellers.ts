import type { TestApp } from './test-app.ts';
import { uploadProof, type WalletUser } from './wallet.ts';

let shopCounter = 0;

/** A complete merchantSettled!apply request for `user` (a fresh shop name each call), with `overrides`. */
export async function settleInApplication(t: TestApp, user: WalletUser, overrides: Record<string, unknown> = {}) {
  shopCounter += 1;
  return {
    shopName: `Harbour Traders ${process.pid}-${shopCounter}`,
    logo: user.proofUrl,
    contactName: 'Amina Yusuf',
    phone: '+44 20 7946 0958',
    email: 'amina@example.com',
    countryId: 233,
    description: 'Kitchenware and small appliances for restaurants.',
    documents: `${await uploadProof(t, user.id)},${await uploadProof(t, user.id)}`,
    ...overrides,
  };
}
