import type { Services } from '../app.ts';

/** The demo logins `npm start` prints and the README lists. */
export const DEMO_LOGINS = {
  buyer: { username: 'demobuyer', password: 'Buyer#2026', safeword: '246810' },
  seller: { username: 'demoseller', password: 'Seller#2026', safeword: '135790' },
} as const;

/** The demo console operator (role admin), for the console at /console/ and its REST API under /console/api. */
export const DEMO_OPERATOR = { username: 'demoadmin', password: 'Console#2026', role: 'admin' } as const;

/** One demo operator per role (the README says what each may do). */
export const DEMO_OPERATORS = {
  admin: DEMO_OPERATOR,
  finance: { username: 'demofinance', password: 'Finance#2026', role: 'finance' },
  support: { username: 'demosupport', password: 'Support#2026', role: 'support' },
} as const;

/** Creates the demo accounts once; later runs find them and change nothing. */
export async function seedDemoAccounts(services: Services): Promise<void> {
  for (const [role, login] of Object.entries(DEMO_LOGINS)) {
    try {
      const grant = await services.accounts.register(
        { username: login.username, password: login.password, re_password: login.password, type: '3' },
        { ip: '127.0.0.1', userAgent: 'caravan-seed' },
        { requireCode: false },
      );
      const session = await services.sessions.authenticate(grant.token);
      if (!session.ok) throw new Error('demo session did not authenticate');
      await services.accounts.setSafeword(session.user.id, { safeword: login.safeword }, {});
      if (role === 'seller') await services.accounts.promoteToSeller(session.user.id);
      await services.accounts.logout(grant.token);
    } catch (error) {
      if ((error as { key?: string }).key === 'accounts.username_taken') continue;
      throw error;
    }
  }
  for (const operator of Object.values(DEMO_OPERATORS)) await services.operators.create(operator, 'seed');
}

/**
 * The demo seller's open shop with three listings, so the seller panel has something to show; run
 * after the catalogue is seeded. Does nothing once the shop has listings.
 */
export async function seedDemoShop(services: Services): Promise<void> {
  const sellerId = await services.accounts.userIdByName(DEMO_LOGINS.seller.username);
  if (!sellerId) return;
  if (!(await services.shops.find(sellerId))) {
    await services.shops.openShop({ sellerId, name: 'Demo Seller Shop', remark: 'The demo shop of the seller panel.' });
  }
  if ((await services.listings.shopFigures(sellerId)).listings > 0) return;
  const wholesale = await services.listings.systemList(sellerId, { pageSize: 3 }, 'en');
  const goodsIds = wholesale.pageList.map((good) => good.id).join(',');
  if (goodsIds) await services.listings.addOrUpdate(sellerId, { goodsIds, percent: '0.2' });
}
