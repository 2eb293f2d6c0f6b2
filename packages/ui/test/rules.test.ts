import { describe, expect, it } from 'vitest';
import { validateBrand } from '../src/brand.ts';
import { addLine, cartStorageKey, checkQuantity, groupBySeller, removeLines, setChecked, setQuantity, tickedTotal, type CartLine } from '../src/cart.ts';
import { pickLocale } from '../src/i18n.ts';
import { addToHistory, SEARCH_HISTORY_MAX } from '../src/search-history.ts';
import { memoryStore, readJson, writeJson } from '../src/storage.ts';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const line = (id: string, seller: string, price: string, count = 1, buyMin = 1): Omit<CartLine, 'checked' | 'key'> => ({
  sellerGoodsId: id,
  skuId: 'sku',
  name: id,
  checkAttrName: '',
  image: '',
  price,
  originalPrice: price,
  buyMin,
  count,
  seller: { id: seller, name: `Shop ${seller}` },
});

describe('cart rules', () => {
  it('ticks new lines, refuses the same line twice and quantities out of [buyMin, max]', () => {
    const first = addLine([], line('a', 's1', '1.10'), 500);
    expect(first.ok && first.lines[0]).toMatchObject({ key: 'a:sku', checked: true });
    const lines = first.ok ? first.lines : [];
    expect(addLine(lines, line('a', 's1', '1.10'), 500)).toEqual({ ok: false, reason: 'already_in_cart' });
    expect(addLine(lines, line('b', 's1', '1', 2, 3), 500)).toEqual({ ok: false, reason: 'quantity_below_min' });
    expect(addLine(lines, line('b', 's1', '1', 501), 500)).toEqual({ ok: false, reason: 'quantity_above_max' });
    expect(addLine(lines, line('b', 's1', '1', 0), 500)).toEqual({ ok: false, reason: 'quantity_below_min' });
    expect(checkQuantity(1.5, 1, 500)).toBe('quantity_invalid');
    expect(checkQuantity(Number.NaN, 1, 500)).toBe('quantity_invalid');
    expect(checkQuantity(500, 1, 500)).toBeUndefined();
    expect(setQuantity(lines, 'a:sku', 600, 500)).toEqual({ ok: false, reason: 'quantity_above_max' });
    const changed = setQuantity(lines, 'a:sku', 7, 500);
    expect(changed.ok && changed.lines[0]?.count).toBe(7);
  });

  it('groups ticked lines by seller and totals them exactly', () => {
    let lines: CartLine[] = [];
    for (const next of [line('a', 's1', '0.1', 3), line('b', 's2', '19.99', 2), line('c', 's1', '0.2', 1)]) {
      const result = addLine(lines, next, 500);
      if (result.ok) lines = result.lines;
    }
    // 0.1 * 3 + 19.99 * 2 + 0.2 = 40.48, with no float drift
    expect(tickedTotal(lines)).toBe('40.48');
    const groups = groupBySeller(lines);
    expect(groups.map((group) => [group.seller.id, group.checkList, group.checkTotal])).toEqual([
      ['s1', ['a:sku', 'c:sku'], 4],
      ['s2', ['b:sku'], 2],
    ]);
    lines = setChecked(lines, ['b:sku'], false);
    expect(groupBySeller(lines).map((group) => group.seller.id)).toEqual(['s1']);
    expect(tickedTotal(lines)).toBe('0.50');
    expect(tickedTotal(setChecked(lines, 'all', false))).toBe('0.00');
    expect(removeLines(lines, ['a:sku', 'c:sku']).map((entry) => entry.key)).toEqual(['b:sku']);
  });

  it('keeps carts apart per user code', () => {
    expect(cartStorageKey('U123')).toBe('cart:U123');
    expect(cartStorageKey(undefined)).toBe('cart:guest');
    expect(cartStorageKey('')).toBe('cart:guest');
  });
});

describe('search history', () => {
  it('keeps 10 distinct entries, newest first, ignoring blanks', () => {
    let history: string[] = [];
    for (let index = 0; index < 12; index += 1) history = addToHistory(history, `q${index}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('q11');
    history = addToHistory(history, ' q5 ');
    expect(history[0]).toBe('q5');
    expect(history.filter((entry) => entry === 'q5')).toHaveLength(1);
    expect(addToHistory(history, '   ')).toEqual(history);
  });
});

describe('pickLocale', () => {
  it('prefers the lang query value (legacy codes too), then the stored choice, then the browser', () => {
    expect(pickLocale('cn', 'ja', ['de-DE'])).toBe('zh-CN');
    expect(pickLocale('tw', null, [])).toBe('zh-TW');
    expect(pickLocale(null, 'ar', ['de-DE'])).toBe('ar');
    expect(pickLocale(null, null, ['pt-BR', 'en'])).toBe('pt');
    expect(pickLocale('klingon', 'nope', ['xx-YY'])).toBe('en');
    expect(pickLocale(null, null, ['fil-PH'])).toBe('ph');
  });
});

describe('storage', () => {
  it('reads back what it wrote and survives garbage', () => {
    const store = memoryStore();
    writeJson(store, 'k', { a: 1 });
    expect(readJson(store, 'k', null)).toEqual({ a: 1 });
    store.setItem('bad', '{not json');
    expect(readJson(store, 'bad', 'fallback')).toBe('fallback');
    expect(readJson(store, 'missing', 3)).toBe(3);
  });
});

describe('brand files', () => {
  const brandsDir = path.resolve(import.meta.dirname, '..', '..', '..', 'brands');
  const ids = readdirSync(brandsDir);

  it('ships at least two valid brands with their logos', () => {
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const brand = JSON.parse(readFileSync(path.join(brandsDir, id, 'brand.json'), 'utf8')) as { id: string; logo: string };
      expect(validateBrand(brand), id).toEqual([]);
      expect(brand.id).toBe(id);
      expect(readFileSync(path.join(brandsDir, id, brand.logo), 'utf8')).toContain('<svg');
    }
  });

  it('names what is wrong with a broken brand', () => {
    expect(validateBrand(null)).toEqual(['not an object']);
    const problems = validateBrand({ id: 'x', name: '', tagline: 't', logo: 'l.svg', colors: { primary: 'red' } });
    expect(problems).toContain('name is required');
    expect(problems).toContain('colors.primary must be #rrggbb');
    expect(problems).toContain('contacts.email is required');
  });
});
