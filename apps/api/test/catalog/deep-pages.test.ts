import { describe, expect, it, vi } from 'vitest';
import { GoodsRepository } from '../../src/modules/catalog/goods.repository.ts';
import { PAGE_ANCHORS_MAX_AGE_MS, PAGE_ANCHORS_MIN_INTERVAL_MS } from '../../src/modules/catalog/goods.service.ts';
import { ANCHOR_SPACING } from '../../src/modules/catalog/page-anchors.ts';
import { seedScaleGoods } from '../../src/seed/scale.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { planNodes, planOf, seqScansOf, usesIndex, wholeTableReadsOf, type PlanNode } from '../support/plans.ts';
import { dataStatements, recordStatements, type RecordedStatement } from '../support/statements.ts';
import { useTestApp } from '../support/test-app.ts';

// Deep pages of the whole catalogue start from anchors (ADR 0022): every 1,000th listing of the order,
// read in one walk of its index, instead of walking their whole offset. A page must hold the listings a
// walk of its offset holds, in every anchored order, across long runs of equal sales and prices, at the
// anchors, between them and past the end; and the anchors must not outlive this process's own changes.

// micro-caches off: every call reads the database
const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z', env: { CATALOG_MICRO_CACHE: '0' } });
await seedSmallCatalogue(t, { products: 200, shops: 12 });
// grown in SQL as the bench grows its catalogue: copies of the seeded goods, so prices repeat
await seedScaleGoods(t.database.db, 2500, () => undefined);
const q = (text: string, values: unknown[] = []) => t.database.pool.query(text, values).then((result) => result.rows);
// sales of a few values: runs of hundreds of equal sales that pages and anchors fall within
await q(`update seller_goods set sold_num = abs(hashtext(id)) % 5`);
await q('analyze seller_goods');
const [{ visible }] = (await q('select count(*)::int as visible from seller_goods where visible')) as [{ visible: number }];

const SORTS = {
  default: { params: {}, order: 'sold_num desc, id', index: 'seller_goods_sold_idx' },
  price_asc: { params: { isPrice: 1 }, order: 'selling_price, id', index: 'seller_goods_price_idx' },
  price_desc: { params: { isPrice: 2 }, order: 'selling_price desc, id desc', index: 'seller_goods_price_idx' },
} as const;
type Sort = keyof typeof SORTS;

interface Page {
  pageInfo: { totalElements: number };
  pageList: { id: string }[];
}

/** The page at `offset` by the order's definition: a walk of the offset. */
async function walked(sort: Sort, offset: number, size = 20): Promise<string[]> {
  const rows = await q(`select id from seller_goods where visible order by ${SORTS[sort].order} limit ${size} offset ${offset}`);
  return rows.map((row) => row.id as string);
}

/** A page as sellerGoods!list answers it, and the statement that read it. */
async function page(sort: Sort, pageNum: number, pageSize = 20, extra: Record<string, unknown> = {}) {
  const { result, statements } = await recordStatements(() => t.call<Page>('sellerGoods!list', { pageNum, pageSize, ...SORTS[sort].params, ...extra }));
  expect(result.code, result.msg).toBe('0');
  const pages = dataStatements(statements).filter((statement) => statement.text.includes('with page as'));
  expect(pages).toHaveLength(1);
  const statement = pages[0] as RecordedStatement;
  return {
    ids: (result.data?.pageList ?? []).map((card) => card.id),
    total: result.data?.pageInfo.totalElements,
    statement,
    // an anchored page reads the listings from its anchor on in two parts
    anchored: statement.text.includes('union all'),
  };
}

const lastPage = Math.ceil(visible / 20);

/** Whether every way down from `node` to a scan passes a Limit: it yields at most that many rows. */
function bounded(node: PlanNode): boolean {
  const below = node.Plans ?? [];
  if (node['Node Type'] === 'Limit') return true;
  // a join's rows are its outer side's, each looked up on the inner side
  if (node['Node Type'] === 'Nested Loop') return below[0] !== undefined && bounded(below[0]);
  return below.length > 0 && below.every(bounded);
}

/** Sorts of rows no Limit bounds: a page cut after sorting what it walks. */
function unboundedSorts(plan: PlanNode): PlanNode[] {
  return planNodes(plan).filter((node) => node['Node Type'] === 'Sort' && !bounded(node));
}

describe('deep pages of the whole catalogue', () => {
  it('has listings enough for three anchors, with long runs of equal sales', async () => {
    expect(visible).toBeGreaterThan(2 * ANCHOR_SPACING + 100);
    const [run] = await q(`select max(n)::int as longest from (select count(*) as n from seller_goods where visible group by sold_num) runs`);
    expect(run.longest).toBeGreaterThan(ANCHOR_SPACING / 5);
  });

  it.each(Object.keys(SORTS) as Sort[])('%s: reads every 1,000th listing of the order in one walk of its index', async (sort) => {
    const { result, statements } = await recordStatements(() => t.services.goods.readPageAnchors(sort));
    expect(result).toBe(Math.ceil(visible / ANCHOR_SPACING));
    const reads = dataStatements(statements);
    expect(reads).toHaveLength(1);
    // strict: on tables this small a bitmap scan and a sort look cheaper (at 500,000 goods the plan is
    // this one: an index-only walk, ranked as it goes)
    const plan = await planOf(t.database.pool, reads[0] as RecordedStatement, { strict: true });
    expect(usesIndex(plan, SORTS[sort].index), JSON.stringify(plan)).toBe(true);
    expect(seqScansOf(plan, ['seller_goods'])).toEqual([]);
    const ranking = planNodes(plan).find((node) => node['Node Type'] === 'WindowAgg');
    expect(planNodes(ranking as PlanNode).filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
  });

  it.each(Object.keys(SORTS) as Sort[])('%s: starts each deep page from its anchor, with the listings a walk of its offset finds', async (sort) => {
    await t.services.goods.readPageAnchors(sort);
    // at an anchor, just before and after one, between two, the last full page, the last, past the end
    const pages = [50, 51, 52, 63, 100, 101, 127, Math.floor(visible / 20), lastPage, lastPage + 1, lastPage + 40];
    for (const pageNum of pages) {
      const offset = (pageNum - 1) * 20;
      const answered = await page(sort, pageNum);
      expect(answered.anchored, `page ${pageNum}`).toBe(offset >= ANCHOR_SPACING);
      expect(answered.ids, `page ${pageNum}`).toEqual(await walked(sort, offset));
      expect(answered.total).toBe(visible);
    }
    // a page of another size, starting between anchors and running across one
    const across = await page(sort, 21, 97);
    expect(across.anchored).toBe(true);
    expect(across.ids).toEqual(await walked(sort, 1940, 97));
    expect(across.ids).toHaveLength(97);
  });

  it.each(Object.keys(SORTS) as Sort[])('%s: reads an anchored page from the order’s index, each part cut at the page’s reach, no Seq Scan', async (sort) => {
    await t.services.goods.readPageAnchors(sort);
    const { statement, anchored } = await page(sort, 120);
    expect(anchored).toBe(true);
    const plan = await planOf(t.database.pool, statement, { strict: true });
    expect(usesIndex(plan, SORTS[sort].index)).toBe(true);
    expect(seqScansOf(plan, ['seller_goods', 'goods', 'shops'])).toEqual([]);
    expect(wholeTableReadsOf(plan, ['seller_goods'])).toEqual([]);
    // the two parts are merged: what is sorted is at most their reach (PostgreSQL does not carry the first
    // part's equal value out of it), never the rows of the order
    expect(unboundedSorts(plan), JSON.stringify(plan)).toEqual([]);
  });

  it('walks the offset of the first 1,000 listings, and of filtered lists, as before', async () => {
    await t.services.goods.readPageAnchors('default');
    const shallow = await page('default', 50);
    expect(shallow.anchored).toBe(false);
    expect(shallow.statement.values).toContain(980);
    const [category] = await q(`select top_category_id from seller_goods where visible group by 1 order by count(*) desc limit 1`);
    const filtered = await page('default', 60, 20, { categoryId: category.top_category_id });
    expect(filtered.anchored).toBe(false);
    expect(filtered.statement.values).toContain(1180);
  });

  it('walks the offset after this process changed a listing, until the anchors are read again', async () => {
    await t.services.goods.readPageAnchors('default');
    // the best seller goes off the shelf through the seller's own call: every later listing moves up one
    const [first] = await q(`select id, shop_id from seller_goods where visible order by sold_num desc, id limit 1`);
    await t.services.listings.update(first.shop_id, { id: first.id, isShelf: false }, 'en');
    const after = await page('default', 80);
    expect(after.anchored).toBe(false);
    expect(after.ids).toEqual(await walked('default', 1580));
    t.clock.advance(PAGE_ANCHORS_MIN_INTERVAL_MS);
    expect(await t.services.goods.readPageAnchors('default')).toBe(Math.ceil((visible - 1) / ANCHOR_SPACING));
    const again = await page('default', 80);
    expect(again.anchored).toBe(true);
    expect(again.ids).toEqual(await walked('default', 1580));
    await t.services.listings.update(first.shop_id, { id: first.id, isShelf: true }, 'en');
    t.clock.advance(PAGE_ANCHORS_MIN_INTERVAL_MS);
  });

  it('places a deep page as of the anchors’ read for listings that moved across its anchor since, for at most a minute', async () => {
    await t.services.goods.readPageAnchors('default');
    // another process records a sale that lifts a listing from between the first two anchors to the top
    const [lifted] = await q(`select id from seller_goods where visible order by sold_num desc, id limit 1 offset ${ANCHOR_SPACING + 500}`);
    await q(`update seller_goods set sold_num = 100 where id = $1`, [lifted.id]);
    // the first anchor's listing is now one further: its pages start from it, one listing later than a walk
    const shifted = await page('default', 51);
    expect(shifted.anchored).toBe(true);
    expect(shifted.ids).toEqual(await walked('default', 1001));
    // the second anchor's listing did not move: its pages are where a walk finds them
    expect((await page('default', 101)).ids).toEqual(await walked('default', 2000));
    // anchors a minute old are not used: the page reads them again, waits for that read and starts from the new ones
    t.clock.advance(PAGE_ANCHORS_MAX_AGE_MS + 1);
    const { statements } = await recordStatements(() => t.call('sellerGoods!list', { pageNum: 51, pageSize: 20 }));
    const texts = dataStatements(statements).map((statement) => statement.text);
    const read = texts.findIndex((text) => text.includes('row_number()'));
    expect(read).toBeGreaterThanOrEqual(0);
    expect(texts.findIndex((text) => text.includes('with page as'))).toBeGreaterThan(read);
    const exact = await page('default', 51);
    expect(exact.anchored).toBe(true);
    expect(exact.ids).toEqual(await walked('default', 1000));
  });

  it('lets the deep pages asked while the anchors are read wait for that one read, and walks when it fails until it may be tried again', async () => {
    t.clock.advance(PAGE_ANCHORS_MAX_AGE_MS + 1);
    const pageNums = [60, 120, 75];
    const { result, statements } = await recordStatements(() => Promise.all(pageNums.map((pageNum) => t.call<Page>('sellerGoods!list', { pageNum, pageSize: 20 }))));
    const texts = dataStatements(statements).map((statement) => statement.text);
    expect(texts.filter((text) => text.includes('row_number()'))).toHaveLength(1);
    const pages = texts.filter((text) => text.includes('with page as'));
    expect(pages).toHaveLength(3);
    // every one of them started from an anchor
    expect(pages.every((text) => text.includes('union all'))).toBe(true);
    for (const [index, pageNum] of pageNums.entries()) {
      expect(result[index]?.data?.pageList.map((card) => card.id)).toEqual(await walked('default', (pageNum - 1) * 20));
    }
    // a read that fails: the page walks its offset, and the buyer sees nothing of the failure
    t.clock.advance(PAGE_ANCHORS_MAX_AGE_MS + 1);
    const failing = vi.spyOn(GoodsRepository.prototype, 'pageAnchors').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const walkedPage = await page('default', 60);
      expect(failing).toHaveBeenCalledTimes(1);
      expect(walkedPage.anchored).toBe(false);
      expect(walkedPage.ids).toEqual(await walked('default', 1180));
      // and pages walk, starting no read, until a minimum interval after the failed one began
      t.clock.advance(PAGE_ANCHORS_MIN_INTERVAL_MS - 1);
      expect((await page('default', 61)).anchored).toBe(false);
      expect(failing).toHaveBeenCalledTimes(1);
      t.clock.advance(1);
      const retried = await page('default', 61);
      expect(failing).toHaveBeenCalledTimes(2);
      expect(retried.anchored).toBe(true);
      expect(retried.ids).toEqual(await walked('default', 1200));
    } finally {
      failing.mockRestore();
    }
  });
});
