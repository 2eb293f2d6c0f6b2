import { randomBytes } from 'node:crypto';
import { money, parseMoney } from '@caravan/contract/money';
import type { AttributeDefinition, GoodsImage, LocalizedText } from '@caravan/db/schema/catalog';
import type { Pool } from 'pg';
import type { BlobStore } from '../platform/blob-store.ts';
import { DAY_MS } from '../platform/clock.ts';
import type { PasswordHasher } from '../platform/passwords.ts';
import { indexTokens, searchText } from '../modules/catalog/search-text.ts';
import { UPLOADS_PATH } from '../modules/uploads/uploads.service.ts';
import { avatarSvg, bannerSvg, iconSvg, mapLimit, productSvg, renderPicture } from './images.ts';
import { rngFor, seedId, type Rng } from './rng.ts';
import {
  ATTRIBUTE_NAMES,
  COLOURS,
  PACKS,
  SHOE_SIZES,
  SHOP_WORDS,
  SIZES,
  STORAGE,
  TAXONOMY,
  VOLUMES,
  type SubCategory,
  type TopCategory,
  type Words,
} from './taxonomy.ts';

// The demo catalogue: deterministic, re-runnable (existing rows are left alone, so counters that
// real activity changed survive), fast enough for 50,000 products on two cores.

export interface CatalogueSeedOptions {
  products: number;
  shops: number;
  /** pictures drawn per second-level category */
  imageVariants: number;
  /** widths of the large and thumbnail renditions (tests draw tiny ones) */
  pictureWidths?: { large: number; thumb: number };
  pool: Pool;
  blobs: BlobStore;
  hasher: PasswordHasher;
  now: Date;
  publicBaseUrl: string;
  log?: (line: string) => void;
}

export interface CatalogueSeedResult {
  categories: number;
  shops: number;
  goods: number;
  skus: number;
  listings: number;
  pictures: number;
}

const BATCH = 2000;

function text(words: Words): LocalizedText {
  return { en: words[0], 'zh-CN': words[1], 'zh-TW': words[2] };
}

function joinWords(parts: Words[], model: string): LocalizedText {
  return {
    en: `${parts.map((part) => part[0]).join(' ')} ${model}`,
    'zh-CN': `${parts.map((part) => part[1]).join('')} ${model}`,
    'zh-TW': `${parts.map((part) => part[2]).join('')} ${model}`,
  };
}

async function insertRows(pool: Pool, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]): Promise<void> {
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await pool.query(
      `insert into ${table} (${names.join(', ')}) select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as x(${definition}) on conflict do nothing`,
      [JSON.stringify(batch)],
    );
  }
}

interface Variant {
  attributes: AttributeDefinition[];
  skus: { valueIds: string[]; factor: number }[];
}

function variantsOf(kind: SubCategory['variants'], rng: Rng): Variant {
  const attribute = (key: keyof typeof ATTRIBUTE_NAMES, values: { id: string; name: LocalizedText }[]): AttributeDefinition => ({
    id: key,
    name: text(ATTRIBUTE_NAMES[key]),
    values,
  });
  const colours = () => {
    const start = rng.int(0, COLOURS.length - 1);
    const count = rng.int(1, 3);
    return Array.from({ length: count }, (_, index) => {
      const colour = COLOURS[(start + index * 3) % COLOURS.length] as Words;
      return { id: `c${(start + index * 3) % COLOURS.length}`, name: text(colour) };
    });
  };
  const plain = (key: keyof typeof ATTRIBUTE_NAMES, values: readonly string[], count: number, prefix: string) => {
    const start = rng.int(0, Math.max(0, values.length - count));
    return values.slice(start, start + count).map((value, index) => ({ id: `${prefix}${start + index}`, name: { en: value, 'zh-CN': value, 'zh-TW': value } }));
  };
  const combine = (first: AttributeDefinition, second?: AttributeDefinition, step = 0.06): Variant => {
    const skus: Variant['skus'] = [];
    for (const a of first.values) {
      if (!second) skus.push({ valueIds: [a.id], factor: 1 });
      else second.values.forEach((b, index) => skus.push({ valueIds: [a.id, b.id], factor: 1 + index * step }));
    }
    return { attributes: second ? [first, second] : [first], skus };
  };
  switch (kind) {
    case 'apparel':
      return combine(attribute('colour', colours().slice(0, 2)), attribute('size', plain('size', SIZES, rng.int(1, 3), 's')), 0.04);
    case 'shoes':
      return combine(attribute('colour', colours().slice(0, 2)), attribute('shoeSize', plain('shoeSize', SHOE_SIZES, rng.int(1, 3), 'z')), 0.03);
    case 'storage': {
      const values = plain('storage', STORAGE, rng.int(1, 3), 'g');
      return { attributes: [attribute('storage', values)], skus: values.map((value, index) => ({ valueIds: [value.id], factor: 1 + index * 0.35 })) };
    }
    case 'volume': {
      const values = plain('volume', VOLUMES, rng.int(1, 3), 'v');
      return { attributes: [attribute('volume', values)], skus: values.map((value, index) => ({ valueIds: [value.id], factor: 1 + index * 0.6 })) };
    }
    case 'pack': {
      const start = rng.int(0, 2);
      const values = PACKS.slice(start, start + rng.int(1, 2)).map((pack, index) => ({ id: `p${start + index}`, name: text(pack) }));
      return { attributes: [attribute('pack', values)], skus: values.map((value, index) => ({ valueIds: [value.id], factor: 1 + index * 1.7 })) };
    }
    case 'colour':
      return combine(attribute('colour', colours()));
    default:
      return { attributes: [], skus: [{ valueIds: [], factor: 1 }] };
  }
}

export async function seedCatalogue(options: CatalogueSeedOptions): Promise<CatalogueSeedResult> {
  const { pool, blobs, now } = options;
  const log = options.log ?? (() => {});
  const url = (key: string) => `${options.publicBaseUrl}${UPLOADS_PATH}${key}`;
  const iso = (at: Date) => at.toISOString();

  // ---- pictures -------------------------------------------------------------------------------
  const subs = TAXONOMY.flatMap((top, topIndex) => top.subs.map((subCategory, subIndex) => ({ top, topIndex, sub: subCategory, subIndex })));
  const pictureJobs = subs.flatMap((entry) =>
    Array.from({ length: options.imageVariants }, (_, variant) => ({ ...entry, variant })),
  );
  const widths = options.pictureWidths ?? { large: 800, thumb: 320 };
  const scaled = (width: number) => Math.max(16, Math.round((width * widths.large) / 800));
  const pictures = await mapLimit(pictureJobs, 4, (job) =>
    renderPicture(blobs, productSvg(job.top.shape, job.top.hue + job.subIndex * 6, job.subIndex * 3 + job.variant, job.variant), widths.large, widths.thumb),
  );
  const poolOf = new Map<string, GoodsImage[]>();
  pictureJobs.forEach((job, index) => {
    const key = `${job.topIndex}:${job.subIndex}`;
    const picture = pictures[index];
    if (!picture) return;
    poolOf.set(key, [...(poolOf.get(key) ?? []), { large: url(picture.large), thumb: url(picture.thumb) }]);
  });
  const icons = await mapLimit(TAXONOMY, 4, (top) => renderPicture(blobs, iconSvg(top.shape, top.hue), scaled(192), scaled(96)));
  const avatars = await mapLimit(TAXONOMY, 4, (top) => renderPicture(blobs, avatarSvg(top.shape, top.hue), scaled(240), scaled(120)));
  const banners = await mapLimit(Array.from({ length: 7 }, (_, index) => index), 4, (index) => {
    const top = TAXONOMY[(index * 3) % TAXONOMY.length] as TopCategory;
    const others = [top.shape, (TAXONOMY[(index * 3 + 1) % TAXONOMY.length] as TopCategory).shape, (TAXONOMY[(index * 3 + 2) % TAXONOMY.length] as TopCategory).shape];
    return renderPicture(blobs, bannerSvg(top.hue, others, index), scaled(1600), scaled(800));
  });
  log(`pictures: ${pictures.length + icons.length + avatars.length + banners.length} drawn`);

  // ---- categories ---------------------------------------------------------------------------
  const categoryRows: Record<string, unknown>[] = [];
  TAXONOMY.forEach((top, topIndex) => {
    const topId = seedId('category', topIndex);
    const icon = icons[topIndex] ? url(icons[topIndex].large) : '';
    categoryRows.push({
      id: topId,
      parent_id: null,
      level: 1,
      rank: topIndex + 1,
      icon_url: icon,
      names: text(top.name),
      descriptions: { en: `${top.name[0]} at wholesale prices`, 'zh-CN': `${top.name[1]}批发`, 'zh-TW': `${top.name[2]}批發` },
      enabled: true,
      recommended: topIndex < 8,
      created_at: iso(now),
      updated_at: iso(now),
    });
    top.subs.forEach((subCategory, subIndex) => {
      categoryRows.push({
        id: seedId('category', `${topIndex}:${subIndex}`),
        parent_id: topId,
        level: 2,
        rank: subIndex + 1,
        icon_url: icon,
        names: text(subCategory.name),
        descriptions: text(subCategory.name),
        enabled: true,
        recommended: false,
        created_at: iso(now),
        updated_at: iso(now),
      });
    });
  });
  await insertRows(pool, 'categories', {
    id: 'text', parent_id: 'text', level: 'smallint', rank: 'int', icon_url: 'text', names: 'jsonb', descriptions: 'jsonb',
    enabled: 'boolean', recommended: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz',
  }, categoryRows);

  // ---- shops and their owners ---------------------------------------------------------------
  // Seeded shop owners cannot log in: their password is a hash of a secret nobody keeps.
  const unusableHash = await options.hasher.hash(randomBytes(32).toString('hex'));
  const shops: { id: string; specialties: number[]; status: string }[] = [];
  const userRows: Record<string, unknown>[] = [];
  const shopRows: Record<string, unknown>[] = [];
  for (let index = 0; index < options.shops; index += 1) {
    const rng = rngFor('shop', index);
    const id = seedId('shop', index);
    const main = index % TAXONOMY.length;
    const specialties = [...new Set([main, rng.int(0, TAXONOMY.length - 1), ...(rng.chance(0.4) ? [rng.int(0, TAXONOMY.length - 1)] : [])])];
    const status = index % 60 === 59 ? 'pending' : index % 60 === 58 ? 'suspended' : 'open';
    shops.push({ id, specialties, status });
    const username = `shop${String(index + 1).padStart(4, '0')}`;
    userRows.push({
      id, username, username_key: username, login_kind: 'username', usercode: `5${String(index + 1).padStart(7, '0')}`,
      password_hash: unusableHash, role: 'seller', status: 'active', created_at: iso(now), updated_at: iso(now),
    });
    const top = TAXONOMY[main] as TopCategory;
    shopRows.push({
      id,
      name: `${rng.pick(SHOP_WORDS.prefixes)} ${top.name[0].split(/[ &]/)[0]} ${rng.pick(SHOP_WORDS.suffixes)}`,
      avatar_url: avatars[main] ? url(avatars[main].large) : '',
      banner_url: banners[index % banners.length] ? url((banners[index % banners.length] as { large: string }).large) : '',
      remark: `Wholesale ${top.name[0].toLowerCase()} shipped from the platform warehouse.`,
      status,
      rec_at: status === 'open' && index % 10 === 0 ? iso(new Date(now.getTime() - rng.int(0, 30) * DAY_MS)) : null,
      created_at: iso(new Date(now.getTime() - rng.int(30, 900) * DAY_MS)),
      updated_at: iso(now),
    });
  }
  await insertRows(pool, 'users', {
    id: 'text', username: 'text', username_key: 'text', login_kind: 'text', usercode: 'text', password_hash: 'text',
    role: 'text', status: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
  }, userRows);

  // The demo seller (when the demo accounts exist) gets a shop of its own.
  const demo = await pool.query<{ id: string }>(`select id from users where username_key = 'demoseller' and status = 'active'`);
  const demoId = demo.rows[0]?.id;
  if (demoId) {
    shops.push({ id: demoId, specialties: [0, 1, 8], status: 'open' });
    shopRows.push({
      id: demoId,
      name: 'Caravan Demo Store',
      avatar_url: avatars[0] ? url(avatars[0].large) : '',
      banner_url: banners[0] ? url(banners[0].large) : '',
      remark: 'The demo seller’s shop: fashion and home goods from the platform warehouse.',
      status: 'open',
      rec_at: iso(now),
      created_at: iso(now),
      updated_at: iso(now),
    });
  }
  await insertRows(pool, 'shops', {
    id: 'text', name: 'text', avatar_url: 'text', banner_url: 'text', remark: 'text', status: 'text', rec_at: 'timestamptz',
    created_at: 'timestamptz', updated_at: 'timestamptz',
  }, shopRows);
  const shopsByTop = TAXONOMY.map((_, topIndex) => shops.filter((shop) => shop.specialties.includes(topIndex) && shop.status !== 'pending'));
  log(`shops: ${shops.length}`);

  // ---- goods, SKUs and listings -------------------------------------------------------------
  let goodsCount = 0;
  let skuCount = 0;
  let listingCount = 0;
  for (let start = 0; start < options.products; start += 10_000) {
    const goodsRows: Record<string, unknown>[] = [];
    const skuRows: Record<string, unknown>[] = [];
    const listingRows: Record<string, unknown>[] = [];
    for (let n = start; n < Math.min(options.products, start + 10_000); n += 1) {
      const rng = rngFor('goods', n);
      const topIndex = rng.int(0, TAXONOMY.length - 1);
      const top = TAXONOMY[topIndex] as TopCategory;
      const subIndex = rng.int(0, top.subs.length - 1);
      const subCategory = top.subs[subIndex] as SubCategory;
      const id = seedId('goods', n);
      const model = `${String.fromCharCode(65 + (n % 26))}${String(100 + (n % 900))}`;
      const names = joinWords([rng.pick(top.adjectives), rng.pick(top.features), subCategory.noun], model);
      const basePrice = rng.amount(subCategory.price[0], subCategory.price[1]);
      const base = parseMoney(basePrice);
      const cheap = Number(basePrice) < 3;
      const picturePool = poolOf.get(`${topIndex}:${subIndex}`) ?? [];
      const offset = n % Math.max(1, picturePool.length);
      const images = Array.from({ length: Math.min(3, picturePool.length) }, (_, index) => picturePool[(offset + index) % picturePool.length] as GoodsImage);
      const variant = variantsOf(subCategory.variants, rng);
      const heavy = Number(basePrice) > 40;
      goodsRows.push({
        id,
        category_id: seedId('category', `${topIndex}:${subIndex}`),
        top_category_id: seedId('category', topIndex),
        names,
        descriptions: {
          en: `${names.en}. ${top.features.map((feature) => feature[0]).slice(0, 2).join(' and ')} options. Stocked in the platform warehouse and shipped within 24 hours of ordering; returns accepted within 7 days.`,
          'zh-CN': `${names['zh-CN']}。平台仓库现货，下单后24小时内发货，支持7天退货。`,
          'zh-TW': `${names['zh-TW']}。平台倉庫現貨，下單後24小時內出貨，支援7天退貨。`,
        },
        units: text(subCategory.unit),
        images,
        system_price: basePrice,
        buy_min: cheap ? rng.pick([1, 2, 5, 10]) : rng.chance(0.15) ? 2 : 1,
        freight_dispatch: rng.amount(heavy ? 2 : 0.5, heavy ? 6 : 2),
        freight_long_distance: rng.amount(heavy ? 4 : 1, heavy ? 12 : 4),
        freight_delivery: rng.amount(0.3, heavy ? 3 : 1.2),
        attributes: variant.attributes,
        enabled: true,
        created_at: iso(new Date(now.getTime() - rng.int(1, 400) * DAY_MS)),
        updated_at: iso(now),
      });
      variant.skus.forEach((sku, index) => {
        skuRows.push({
          id: seedId('sku', `${n}:${index}`),
          goods_id: id,
          value_ids: sku.valueIds,
          price: money.format(money.round(money.mulRatio(base, sku.factor.toFixed(4)), 2, 'down'), { decimals: 2 }),
          stock: rng.chance(0.05) ? 0 : rng.int(20, 5000),
          sort: index,
        });
      });

      const candidates = shopsByTop[topIndex] ?? [];
      const listings = candidates.length === 0 ? 0 : rng.chance(0.65) ? Math.min(2, candidates.length) : 1;
      const first = rng.int(0, Math.max(0, candidates.length - 1));
      for (let k = 0; k < listings; k += 1) {
        const shop = candidates[(first + k * 7) % candidates.length];
        if (!shop) continue;
        const lrng = rngFor('listing', `${n}:${k}`);
        const profit = lrng.amount(0.1, 0.6);
        const selling = money.round(money.mulRatio(base, money.add(parseMoney('1'), parseMoney(profit)), 'down'), 2, 'down');
        const discounted = lrng.chance(0.15);
        const expired = discounted && lrng.chance(0.2);
        const isShelf = !lrng.chance(0.03);
        const isNew = lrng.chance(0.15);
        listingRows.push({
          id: seedId('listing', `${n}:${k}`),
          shop_id: shop.id,
          goods_id: id,
          category_id: seedId('category', `${topIndex}:${subIndex}`),
          top_category_id: seedId('category', topIndex),
          profit_ratio: profit,
          selling_price: money.format(selling, { decimals: 2 }),
          discount_ratio: discounted ? lrng.amount(0.05, 0.4) : null,
          discount_start_at: discounted ? iso(new Date(now.getTime() - lrng.int(expired ? 20 : 0, expired ? 40 : 10) * DAY_MS)) : null,
          discount_end_at: discounted ? iso(new Date(now.getTime() + (expired ? -lrng.int(1, 10) : lrng.int(1, 30)) * DAY_MS)) : null,
          is_shelf: isShelf,
          visible: isShelf && shop.status === 'open',
          is_new: isNew,
          new_at: isNew ? iso(new Date(now.getTime() - lrng.int(0, 14) * DAY_MS - lrng.int(0, 86_399) * 1000)) : null,
          is_hot: lrng.chance(0.1),
          rec_at: lrng.chance(0.08) ? iso(new Date(now.getTime() - lrng.int(0, 30) * DAY_MS)) : null,
          search_text: searchText([names.en, names['zh-CN'] ?? '', names['zh-TW'] ?? '']),
          search_tokens: indexTokens([names.en, names['zh-CN'] ?? '', names['zh-TW'] ?? '']),
          created_at: iso(new Date(now.getTime() - lrng.int(0, 300) * DAY_MS)),
          updated_at: iso(now),
        });
      }
    }
    await insertRows(pool, 'goods', {
      id: 'text', category_id: 'text', top_category_id: 'text', names: 'jsonb', descriptions: 'jsonb', units: 'jsonb', images: 'jsonb',
      system_price: 'numeric', buy_min: 'int', freight_dispatch: 'numeric', freight_long_distance: 'numeric', freight_delivery: 'numeric',
      attributes: 'jsonb', enabled: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz',
    }, goodsRows);
    await insertRows(pool, 'goods_skus', { id: 'text', goods_id: 'text', value_ids: 'jsonb', price: 'numeric', stock: 'int', sort: 'int' }, skuRows);
    await insertRows(pool, 'seller_goods', {
      id: 'text', shop_id: 'text', goods_id: 'text', category_id: 'text', top_category_id: 'text', profit_ratio: 'numeric',
      selling_price: 'numeric', discount_ratio: 'numeric', discount_start_at: 'timestamptz', discount_end_at: 'timestamptz',
      is_shelf: 'boolean', visible: 'boolean', is_new: 'boolean', new_at: 'timestamptz', is_hot: 'boolean', rec_at: 'timestamptz',
      search_text: 'text', search_tokens: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
    }, listingRows);
    goodsCount += goodsRows.length;
    skuCount += skuRows.length;
    listingCount += listingRows.length;
    log(`goods: ${goodsCount} of ${options.products}`);
  }

  // ---- banners --------------------------------------------------------------------------------
  const bannerRows = banners.map((banner, index) => ({
    id: seedId('banner', index),
    type: index < 4 ? 'pc_home' : 'h5_home',
    img_type: '0',
    img_url: url(banner.large),
    link: `/commodity?categoryId=${seedId('category', (index * 3) % TAXONOMY.length)}`,
    title: (TAXONOMY[(index * 3) % TAXONOMY.length] as TopCategory).name[0],
    sort: index,
    enabled: true,
    created_at: iso(now),
  }));
  await insertRows(pool, 'banners', {
    id: 'text', type: 'text', img_type: 'text', img_url: 'text', link: 'text', title: 'text', sort: 'int', enabled: 'boolean', created_at: 'timestamptz',
  }, bannerRows);
  // statistics for the planner, and the visibility map that lets list pages use index-only scans
  await pool.query('vacuum analyze categories, goods, goods_skus, seller_goods, shops');

  return {
    categories: categoryRows.length,
    shops: shops.length,
    goods: goodsCount,
    skus: skuCount,
    listings: listingCount,
    pictures: pictures.length + icons.length + avatars.length + banners.length,
  };
}

/** Whether the catalogue has been seeded already (any goods). */
export async function catalogueIsEmpty(pool: Pool): Promise<boolean> {
  const rows = await pool.query('select 1 from goods limit 1');
  return rows.rowCount === 0;
}

