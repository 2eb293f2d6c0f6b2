import { describe, expect, it } from 'vitest';
import type { AnyAction } from '../../src/gateway/action.ts';
import { AREA_PREFIXES } from '../../src/gateway/gateway.ts';
import { HOUR_MS, MINUTE_MS } from '../../src/platform/clock.ts';
import { recordSweep } from '../../../../tests/support/sweeps.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { COUNTRY_ID } from '../support/loans.ts';
import { ADDRESS, buyer, placeOrder, sellerWithListing, type Buyer, type Seller } from '../support/orders.ts';
import { isIdShape, parametersOf } from '../support/schema-walk.ts';
import { png } from '../support/chat.ts';
import { nextAddress, useTestApp } from '../support/test-app.ts';
import { expectLedgerConsistent, placeRecharge, rechargeIdOf, SAFEWORD, sessionToken, TRC20_ADDRESS, uploadProof } from '../support/wallet.ts';

// Issue 18, ownership matrix: user A (a buyer) and A's shop (a seller) hold real data of every
// owner-scoped kind; user B and B's shop call every `user` / `seller` call of the action table with
// each of A's ids in every id-like parameter (other parameters filled with B's own valid values, so
// the call gets as far as its ownership check).
//
// What passes:
// - a refusal (any error key), or
// - a success that touches nothing of A: its answer contains none of A's markers (names, address,
//   review and chat texts, order, recharge, withdrawal and loan numbers, message ids, upload URLs),
//   and no database row naming A (any of A's ids or upload URLs) changed or appeared.
// Anything else is a finding. The list of calls comes from the action table; a call with an id-like
// parameter this file cannot map fails the test with what to add.

const t = await useTestApp();

/** Kinds of A's data an id-like parameter can name. */
type Kind = 'order' | 'orderList' | 'address' | 'recharge' | 'withdrawal' | 'loan' | 'chatMessage' | 'listing' | 'upload' | 'privateUpload';

/** Parameters naming the caller's own data: which of A's ids B tries in them. */
const OWNED_ID_PARAMS: Record<string, Kind[]> = {
  orderId: ['order', 'orderList'],
  addressId: ['address'],
  // address!edit/del (an address), goods!update/delete and the goods!list filter (a listing)
  id: ['address', 'listing', 'order'],
  order_no: ['recharge', 'withdrawal'],
  creditId: ['loan'],
  message_id: ['chatMessage'],
};
/** Picture parameters take an uploaded file's URL; a picture is accepted only from its uploader (public or private). */
const UPLOAD_PARAM = /^(img|imgUrl\d+|imgCertificate[A-Z][a-z]+|idimg_\d+|logo|avatar|banner|documents)$/;
/** Id-like parameters naming public data (the catalogue, shops, the geo list): not owned by anyone. */
const PUBLIC_ID_PARAMS = new Set(['sellerGoodsId', 'sellerId', 'focusSellerId', 'goodsId', 'goodsIds', 'goodId', 'skuId', 'categoryId', 'countryId', 'provinceId', 'stateId', 'cityId']);
const ID_LIKE = /(^id$|[a-z]Id$|Ids$|_id$|(?<!page)_no$)/;

interface Owner {
  buyer: Buyer;
  seller: Seller;
  ids: Record<Kind, string[]>;
  /** strings only A's data holds */
  markers: string[];
  /** what rows naming A contain (ids, upload URLs) */
  patterns: string[];
}

function prefixOf(action: AnyAction): string {
  return AREA_PREFIXES[action.area ?? 'api'][0] as string;
}

async function ok<T>(response: Promise<{ code: string; errorKey?: string; data?: T | null }>, what: string): Promise<T> {
  const answer = await response;
  expect(answer.errorKey ?? 'ok', what).toBe('ok');
  return answer.data as T;
}

/** A with orders in every state that matters, an address, a recharge, a withdrawal, a loan, a chat, favourites, reviews, uploads; A's shop with its listing. */
async function buildOwner(): Promise<Owner> {
  const seller = await sellerWithListing(t, { stock: 100 });
  const a = await buyer(t, '5000');
  const as = (token: string) => ({ token, remoteAddress: nextAddress() });
  const address = await t.services.addresses.add(a.id, { ...ADDRESS, contacts: 'Aurelia Quistgaard', address: '17 Quistgaard Lane, Unit 9' });
  const line = { sellerGoodsId: seller.listing.sellerGoodsId, goodsNum: 1 };
  // the same cart twice within moments reads as a double submission: time passes between orders
  const place = async () => {
    t.clock.advance(MINUTE_MS);
    return placeOrder(t, a, line);
  };
  const unpaid = await place();
  const paid = await place();
  const refunding = await place();
  const reviewed = await place();
  for (const id of [paid, refunding, reviewed]) await ok(t.call('order!pay', { orderId: id, safeword: SAFEWORD }, as(a.token)), 'pay');
  await ok(t.call('order!returns', { orderId: refunding, returnReason: '2', returnDetail: 'Quistgaard refund note' }, as(a.token)), 'refund');
  await ok(t.call('orders!push', { orderId: reviewed, safeword: SAFEWORD }, { ...as(seller.token), prefix: '/wap/seller/' }), 'push');
  await t.services.fulfilment.ship(reviewed, { type: 'operator', id: 'op-1', reason: 'packed' });
  await ok(t.call('order!receipt', { orderId: reviewed }, as(a.token)), 'receipt');
  await ok(t.call('evaluation!add', { orderId: reviewed, sellerGoodsId: seller.listing.sellerGoodsId, evaluationType: 1, rating: 5, content: 'Quistgaard review text', imgUrl1: a.proofUrl }, as(a.token)), 'review');

  // one unfinished money order at a time: the recharge is approved, the withdrawal stays under review
  const recharge = await placeRecharge(t, a, '100');
  await t.services.recharges.approve(await rechargeIdOf(t, recharge), { type: 'system', id: 'test', reason: 'ownership matrix' });
  await ok(t.call('user!bindWithdrawAddress', { blockchain_name: 'TRC20', coin: 'USDT', channel_address: TRC20_ADDRESS }, as(a.token)), 'bind');
  const withdrawal = await ok<{ order_no: string }>(
    t.call('withdraw!apply', { session_token: await sessionToken(t, a), safeword: SAFEWORD, amount: '50', from: TRC20_ADDRESS }, as(a.token)),
    'withdraw',
  );
  const [face, back, hand] = [await uploadProof(t, a.id), await uploadProof(t, a.id), await uploadProof(t, a.id)];
  const loan = await ok<{ creditId: string }>(
    t.call('credit!apply', { realName: 'Aurelia Quistgaard', identification: 'Q7381920', countryId: COUNTRY_ID, applyAmount: '100000', creditPeriod: '30', imgCertificateFace: face, imgCertificateBack: back, imgCertificateHand: hand }, as(a.token)),
    'loan',
  );
  const chat = await ok<{ id: string }>(t.call('newOnlinechat!send', { type: 'text', content: 'Quistgaard chat line' }, as(a.token)), 'chat');
  await ok(t.call('keepGoods!add', { sellerGoodsId: seller.listing.sellerGoodsId }, as(a.token)), 'keep');
  await ok(t.call('focusSeller!add', { sellerId: seller.id }, as(a.token)), 'follow');

  const orders = [unpaid, paid, refunding, reviewed];
  const uploads = [a.proofUrl, face, back, hand, seller.proofUrl] as string[];
  const privateUploads = [await privateUpload(a.id), await privateUpload(seller.id)];
  const usercode = (await t.database.pool.query<{ usercode: string }>('select usercode from users where id = $1', [a.id])).rows[0]?.usercode ?? '';
  const ids: Record<Kind, string[]> = {
    order: orders,
    orderList: [orders.join(',')],
    address: [a.addressId, address.id],
    recharge: [recharge],
    withdrawal: [withdrawal.order_no],
    loan: [loan.creditId],
    chatMessage: [chat.id],
    listing: [seller.listing.sellerGoodsId],
    upload: uploads,
    privateUpload: privateUploads,
  };
  const uploadKeys = [...uploads, ...privateUploads].map((url) => url.slice(url.lastIndexOf('/') + 1));
  return {
    buyer: a,
    seller,
    ids,
    // A's shop is public (its name holds the seller's username in these fixtures): not a marker
    markers: [a.username, usercode, 'Quistgaard', a.id, ...orders, recharge, withdrawal.order_no, loan.creditId, chat.id, ...uploadKeys],
    patterns: [a.id, seller.id, ...orders, address.id, a.addressId, recharge, withdrawal.order_no, loan.creditId, chat.id, ...uploadKeys],
  };
}

async function privateUpload(userId: string): Promise<string> {
  return (await t.services.uploads.storeImage(await png(), 'identity', userId)).url;
}

/** B (a buyer) and B's shop, with their own pictures and a paid order of B's, to fill the parameters that are not under test. */
interface Other {
  buyer: Buyer;
  shop: Seller;
  ids: string[];
  publicUploads: string[];
  privateUploads: string[];
  paidOrder: string;
}

async function buildOther(a: Owner): Promise<Other> {
  const b = await buyer(t, '5000');
  const shop = await sellerWithListing(t);
  const paidOrder = await placeOrder(t, b, { sellerGoodsId: a.seller.listing.sellerGoodsId, goodsNum: 1 });
  await ok(t.call('order!pay', { orderId: paidOrder, safeword: SAFEWORD }, { token: b.token, remoteAddress: nextAddress() }), 'B pays');
  return {
    buyer: b,
    shop,
    ids: [b.id, shop.id],
    publicUploads: [b.proofUrl, await uploadProof(t, b.id), await uploadProof(t, b.id)],
    privateUploads: [await privateUpload(b.id), await privateUpload(b.id), await privateUpload(b.id)],
    paidOrder,
  };
}

/** One digest per table of every row naming A (any of the patterns): equal digests, nothing of A changed or appeared. */
// Rows that also name B are B's own (B following A's public shop, B's order of A's public listing);
// a row of A that B rewrote to name B leaves A's digest, so it still shows as a change.
async function fingerprint(patterns: string[], others: string[]): Promise<Map<string, string>> {
  const tables = await t.database.pool.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
  const likes = patterns.map((pattern) => `%${pattern}%`);
  const unlikes = others.map((pattern) => `%${pattern}%`);
  const digests = new Map<string, string>();
  for (const { name } of tables.rows) {
    const row = await t.database.pool.query<{ digest: string }>(`select count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from "${name}" r where r::text like any($1) and not r::text like any($2)`, [likes, unlikes]);
    digests.set(name, row.rows[0]?.digest ?? '');
  }
  return digests;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** B's own valid values, so a call gets as far as its ownership check. */
async function fillers(other: Other, a: Owner, action: AnyAction): Promise<Record<string, unknown>> {
  const fields = parametersOf(action.input).map((field) => field.name);
  const values: Record<string, unknown> = {
    ...ADDRESS,
    safeword: SAFEWORD,
    amount: '100',
    returnAmount: '1',
    returnReason: '2',
    returnDetail: 'B asks',
    evaluationType: '1',
    rating: '5',
    content: 'B writes',
    type: action.call.startsWith('newOnlinechat') ? 'text' : undefined,
    coin: 'USDT',
    blockchain_name: 'TRC20',
    from: TRC20_ADDRESS,
    // a deposit names the platform's channel by coin and chain; the address is the user's withdrawal address
    channel_address: action.call.startsWith('rechargeBlockchain') ? undefined : TRC20_ADDRESS,
    realName: 'Bo Lindqvist',
    identification: 'L1029384',
    countryId: COUNTRY_ID,
    applyAmount: '100000',
    creditPeriod: '30',
    contacts: 'Bo Lindqvist',
    address: '1 Lindqvist Street',
    city: 'Brooklyn',
    name: 'Bo Lindqvist',
    nationality: COUNTRY_ID,
    idname: 'passport',
    idnumber: 'L1029384',
    shopName: 'Lindqvist Wholesale',
    contactName: 'Bo Lindqvist',
    description: 'B sells',
    percent: '0.1',
    // B's own order where a call needs one next to the parameter under test
    orderId: other.paidOrder,
    // public ids: A's listing and shop are public catalogue data
    sellerGoodsId: a.seller.listing.sellerGoodsId,
    sellerId: a.seller.id,
    goodsIds: a.seller.listing.goodsId,
    evaluationAdds: [{ sellerGoodsId: a.seller.listing.sellerGoodsId, evaluationType: 1, rating: 5 }],
    orderInfo: JSON.stringify([{ sellerGoodsId: a.seller.listing.sellerGoodsId, goodsNum: 1 }]),
    addressId: other.buyer.addressId,
  };
  const filled: Record<string, unknown> = {};
  let publicPicture = 0;
  let privatePicture = 0;
  const required = new Set(parametersOf(action.input).filter((field) => !field.optional).map((field) => field.name));
  for (const name of fields) {
    // optional pictures stay out: a call may refuse too many of them before it looks at whose they are
    if (UPLOAD_PARAM.test(name) && !required.has(name)) continue;
    // identity documents and a shop's supporting documents are private uploads; other pictures public ones
    if (/^(idimg_\d+|documents)$/.test(name)) filled[name] = other.privateUploads[privatePicture++ % other.privateUploads.length];
    else if (UPLOAD_PARAM.test(name)) filled[name] = other.publicUploads[publicPicture++ % other.publicUploads.length];
    else if (values[name] !== undefined) filled[name] = values[name];
  }
  if (fields.includes('session_token')) filled.session_token = await sessionToken(t, other.buyer);
  return filled;
}

/** B's deposits and withdrawals under review are settled, so "one unfinished money order" does not hide the check under test. */
async function settleMoneyOrders(other: Other): Promise<void> {
  const actor = { type: 'system' as const, id: 'test', reason: 'ownership matrix' };
  const recharges = await t.database.pool.query<{ id: string }>("select id from recharge_orders where user_id = $1 and state = 'pending'", [other.buyer.id]);
  for (const { id } of recharges.rows) await t.services.recharges.reject(id, actor);
  const withdrawals = await t.database.pool.query<{ id: string }>("select id from withdraw_orders where user_id = $1 and state = 'pending'", [other.buyer.id]);
  for (const { id } of withdrawals.rows) await t.services.withdrawals.reject(id, actor);
}

/** B logged in again when a call ended the session (logout, password change). */
async function relogin<T extends { token: string; username: string; password: string }>(user: T): Promise<T> {
  if ((await t.services.sessions.authenticate(user.token)).ok) return user;
  const login = await ok<{ token: string }>(t.call('user!newlogin', { username: user.username, password: user.password }, { remoteAddress: nextAddress() }), 'B logs in again');
  return { ...user, token: login.token };
}

interface MatrixCase {
  call: string;
  param: string | undefined;
  value: string | undefined;
}

describe('ownership matrix (issue 18)', () => {
  it('maps every id-like parameter of every owner-scoped call of the action table', () => {
    const unmapped: string[] = [];
    for (const action of t.actions) {
      if (action.auth !== 'user' && action.auth !== 'seller') continue;
      for (const field of parametersOf(action.input)) {
        const idLike = ID_LIKE.test(field.name) || isIdShape(field.shape) || UPLOAD_PARAM.test(field.name);
        if (idLike && !OWNED_ID_PARAMS[field.name] && !PUBLIC_ID_PARAMS.has(field.name) && !UPLOAD_PARAM.test(field.name)) {
          unmapped.push(`${action.call} takes "${field.name}": add it to OWNED_ID_PARAMS (with the kinds of A's data it can name, built in buildOwner) or to PUBLIC_ID_PARAMS (when it names public data)`);
        }
      }
    }
    expect(unmapped).toEqual([]);
  });

  it("lets user B and B's shop reach nothing of user A and A's shop through any owner-scoped call", async () => {
    const started = performance.now();
    await seedSmallCatalogue(t, { products: 60, shops: 4 });
    const a = await buildOwner();
    const other = await buildOther(a);
    const ownerScoped = t.actions.filter((action) => action.auth === 'user' || action.auth === 'seller');
    expect(ownerScoped.length).toBeGreaterThan(60);

    const start = await fingerprint(a.patterns, other.ids);
    let before = start;
    const findings: string[] = [];
    const outcomes = new Map<string, number>();
    let requests = 0;
    let idCases = 0;
    let toleratedSuccesses = 0;
    for (const action of ownerScoped) {
      const seller = action.auth === 'seller' || action.area === 'seller';
      const cases: MatrixCase[] = [];
      for (const field of parametersOf(action.input)) {
        const kinds = OWNED_ID_PARAMS[field.name] ?? (UPLOAD_PARAM.test(field.name) ? (['upload', 'privateUpload'] as Kind[]) : undefined);
        for (const kind of kinds ?? []) for (const value of a.ids[kind]) cases.push({ call: action.call, param: field.name, value });
      }
      // calls without an id still answer: B must not see A's data in them either
      if (cases.length === 0) cases.push({ call: action.call, param: undefined, value: undefined });
      for (const matrixCase of cases) {
        // per-user hourly limits (deposits, fund-password tries) start afresh for every case
        t.clock.advance(HOUR_MS + 1);
        await settleMoneyOrders(other);
        other.buyer = await relogin(other.buyer);
        other.shop = await relogin(other.shop);
        const params = await fillers(other, a, action);
        if (matrixCase.param) params[matrixCase.param] = matrixCase.value;
        const response = await t.app.inject({
          method: 'POST',
          url: `${prefixOf(action)}${action.call}.action`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${seller ? other.shop.token : other.buyer.token}` },
          payload: JSON.stringify(params),
          remoteAddress: nextAddress(),
        });
        requests += 1;
        if (matrixCase.param) idCases += 1;
        const body = response.body;
        const envelope = JSON.parse(body) as { code: string; errorKey?: string };
        const label = `${action.call}${matrixCase.param ? ` ${matrixCase.param}=${String(matrixCase.value).slice(0, 40)}` : ''}`;
        outcomes.set(envelope.errorKey ?? 'ok', (outcomes.get(envelope.errorKey ?? 'ok') ?? 0) + 1);
        const leaked = a.markers.filter((marker) => body.includes(marker));
        if (leaked.length > 0) findings.push(`${label}: the answer holds A's ${leaked.join(', ')}`);
        if (envelope.code === '0') {
          const after = await fingerprint(a.patterns, other.ids);
          const changed = changedTables(before, after);
          before = after;
          if (changed.length > 0) findings.push(`${label}: succeeded and changed rows naming A in ${changed.join(', ')}`);
          else if (matrixCase.value !== undefined && [...a.ids.upload, ...a.ids.privateUpload].includes(matrixCase.value)) findings.push(`${label}: accepted A's picture`);
          else toleratedSuccesses += 1;
          if (matrixCase.param && leaked.length === 0 && changed.length === 0) {
            // a success with A's id is allowed only when it answers about B's own data (filters, cursors)
            const key = `ok with A's ${matrixCase.param} (${action.call})`;
            outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          }
        }
      }
    }
    const changed = changedTables(start, await fingerprint(a.patterns, other.ids));
    if (changed.length > 0) findings.push(`rows naming A changed during B's calls in ${changed.join(', ')}`);
    await expectLedgerConsistent(t);
    const seconds = (performance.now() - started) / 1000;
    recordSweep('ownership', {
      ownerScopedCalls: ownerScoped.length,
      requests,
      idCases,
      successesWithAIds: [...outcomes.entries()].filter(([key]) => key.startsWith("ok with A's")).reduce((sum, [, n]) => sum + n, 0),
      toleratedSuccesses,
      findings: findings.length,
    });
    console.log(`ownership: ${ownerScoped.length} calls, ${requests} requests (${idCases} with A's ids), ${seconds.toFixed(1)} s; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
    expect(findings).toEqual([]);
  }, 240_000);
});
