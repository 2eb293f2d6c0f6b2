import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedId } from '../../src/seed/rng.ts';
import { seedSmallCatalogue } from '../support/catalogue.ts';
import { useTestApp } from '../support/test-app.ts';

const t = await useTestApp({ start: '2026-08-01T00:00:00.000Z' });
const first = await seedSmallCatalogue(t, { products: 200, shops: 8 });

async function count(table: string): Promise<number> {
  const result = await t.database.pool.query(`select count(*)::int as n from ${table}`);
  return result.rows[0].n as number;
}

describe('catalogue seed', () => {
  it('builds 20 top and 150 second-level categories, shops, goods with SKUs and listings', async () => {
    expect(first).toMatchObject({ categories: 170, shops: 8, goods: 200 });
    expect(await count('categories')).toBe(170);
    expect(await count(`categories where level = 1`)).toBe(20);
    expect(await count('goods')).toBe(200);
    expect(await count('goods_skus')).toBe(first.skus);
    expect(first.skus).toBeGreaterThanOrEqual(200);
    expect(await count('seller_goods')).toBe(first.listings);
    expect(await count('shops')).toBe(8);
    expect(await count(`users where role = 'seller'`)).toBe(8);
    // every listing's price is its good's wholesale price times (1 + profit), truncated to cents
    const wrong = await t.database.pool.query(
      `select count(*)::int as n from seller_goods sg join goods g on g.id = sg.goods_id
       where sg.selling_price <> trunc(g.system_price * (1 + sg.profit_ratio), 2)`,
    );
    expect(wrong.rows[0].n).toBe(0);
  });

  it('keeps real counters at zero and never invents sales', async () => {
    const counters = await t.database.pool.query('select sum(sold_num)::int as sold, sum(review_count)::int as reviews from seller_goods');
    expect(counters.rows[0]).toEqual({ sold: 0, reviews: 0 });
    expect(await count('seller_goods_views')).toBe(0);
  });

  it('names goods in en, zh-CN and zh-TW and indexes them for search', async () => {
    const result = await t.database.pool.query(`select names, search_text, search_tokens from goods g join seller_goods sg on sg.goods_id = g.id limit 1`);
    const row = result.rows[0];
    expect(Object.keys(row.names).sort()).toEqual(['en', 'zh-CN', 'zh-TW']);
    expect(row.search_text).toContain(row.names.en.toLowerCase().split(' ')[0]);
    expect(row.search_tokens.length).toBeGreaterThan(0);
  });

  it('draws real WebP pictures and stores them content-addressed', async () => {
    const result = await t.database.pool.query(`select images from goods limit 1`);
    const image = result.rows[0].images[0] as { large: string; thumb: string };
    const key = image.large.slice(image.large.lastIndexOf('/') + 1);
    const bytes = t.blobs.blobs.get(key);
    expect(bytes).toBeDefined();
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });

  it('can run again: nothing is duplicated and counters changed since are kept', async () => {
    const listing = await t.database.pool.query('select id from seller_goods limit 1');
    await t.database.pool.query('update seller_goods set sold_num = 42 where id = $1', [listing.rows[0].id]);
    const again = await seedSmallCatalogue(t, { products: 200, shops: 8 });
    expect(again.goods).toBe(200);
    expect(await count('goods')).toBe(200);
    expect(await count('seller_goods')).toBe(first.listings);
    const sold = await t.database.pool.query('select sold_num from seller_goods where id = $1', [listing.rows[0].id]);
    expect(sold.rows[0].sold_num).toBe(42);
  });

  it('is deterministic: product n is the same whatever the total, so a larger seed extends a smaller one', async () => {
    const before = await t.database.pool.query('select names, system_price from goods where id = $1', [seedId('goods', 150)]);
    await seedSmallCatalogue(t, { products: 260, shops: 8 });
    const after = await t.database.pool.query('select names, system_price from goods where id = $1', [seedId('goods', 150)]);
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(await count('goods')).toBe(260);
  });
});
