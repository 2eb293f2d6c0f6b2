import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@caravan/contract/languages';
import { brandText, validateBrand, type Brand, type LocalizedText } from '../src/brand.ts';
import { addLine, cartStorageKey, checkQuantity, groupBySeller, removeLines, setChecked, setQuantity, tickedTotal, type CartLine } from '../src/cart.ts';
import { pickLocale, pickSupportedLocale } from '../src/i18n.ts';
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

  it('keeps to the languages an app supports (the console: en and zh-CN)', () => {
    const supported = ['en', 'zh-CN'] as const;
    expect(pickSupportedLocale(supported, null, 'ja', ['zh-CN', 'en'])).toBe('zh-CN');
    expect(pickSupportedLocale(supported, null, null, ['de-DE', 'en-GB'])).toBe('en');
    expect(pickSupportedLocale(supported, null, null, ['de-DE'])).toBe('en');
    expect(pickSupportedLocale(['zh-CN'], null, null, ['de-DE'])).toBe('zh-CN');
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

  it('ships the tagline and the footer blurb in all 21 languages, each translated', () => {
    for (const id of ids) {
      const brand = JSON.parse(readFileSync(path.join(brandsDir, id, 'brand.json'), 'utf8')) as Brand;
      for (const [field, text] of [['tagline', brand.tagline], ['footer.blurb', brand.footer.blurb]] as const) {
        expect(Object.keys(text).sort(), `${id} ${field}`).toEqual([...LOCALES].sort());
        for (const locale of LOCALES) {
          if (locale === 'en') continue;
          expect(text[locale], `${id} ${field} ${locale}`).not.toBe(text.en);
          // proper names and the coin stay as they are in every language
          for (const kept of [brand.name, 'USDT']) {
            if (text.en.includes(kept)) expect(text[locale], `${id} ${field} ${locale} keeps ${kept}`).toContain(kept);
          }
        }
      }
    }
  });
});

describe('brand texts', () => {
  const base = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', '..', 'brands', 'caravan', 'brand.json'), 'utf8')) as Brand;
  const withTexts = (tagline: unknown, blurb: unknown) => ({ ...base, tagline, footer: { ...base.footer, blurb } });

  it('accepts a brand that ships English only', () => {
    expect(validateBrand(withTexts({ en: 'Wholesale' }, { en: 'About us' }))).toEqual([]);
  });

  it('requires English', () => {
    expect(validateBrand(withTexts({ ja: '卸売' }, { en: 'About us' }))).toEqual(['tagline.en is required']);
    expect(validateBrand(withTexts({ en: 'Wholesale' }, { fr: 'À propos' }))).toEqual(['footer.blurb.en is required']);
  });

  it('refuses unknown language keys', () => {
    const problems = validateBrand(withTexts({ en: 'Wholesale', jp: '卸売' }, { en: 'About us', 'en-US': 'About us' }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^tagline\.jp is not a known language/);
    expect(problems[1]).toMatch(/^footer\.blurb\.en-US is not a known language/);
  });

  it('refuses empty and non-text entries', () => {
    expect(validateBrand(withTexts({ en: '' }, { en: 'About us', ar: '  ' }))).toEqual([
      'tagline.en must be a non-empty text',
      'footer.blurb.ar must be a non-empty text',
    ]);
    expect(validateBrand(withTexts({ en: 'Wholesale', de: 42 }, { en: 'About us' }))).toEqual(['tagline.de must be a non-empty text']);
  });

  it('refuses a plain string or a missing text', () => {
    expect(validateBrand(withTexts('Wholesale', undefined))).toEqual([
      'tagline must be an object of texts by language, e.g. { "en": "..." }',
      'footer.blurb must be an object of texts by language, e.g. { "en": "..." }',
    ]);
    expect(validateBrand(withTexts(['Wholesale'], null))).toHaveLength(2);
  });

  it('keeps footer.copyright a required plain string', () => {
    expect(validateBrand({ ...base, footer: { blurb: base.footer.blurb, copyright: '' } })).toEqual(['footer.copyright is required']);
    expect(validateBrand({ ...base, footer: { blurb: base.footer.blurb, copyright: { en: '© 2026' } } })).toEqual(['footer.copyright is required']);
  });

  it('picks the active language and falls back to English', () => {
    const text: LocalizedText = { en: 'Wholesale', ja: '卸売', ar: '' };
    expect(brandText(text, 'ja')).toBe('卸売');
    expect(brandText(text, 'en')).toBe('Wholesale');
    expect(brandText(text, 'de')).toBe('Wholesale');
    expect(brandText(text, 'ar')).toBe('Wholesale');
    // i18next can report a language outside the 21 (e.g. "cimode"); that reads English too
    expect(brandText(text, 'cimode' as Locale)).toBe('Wholesale');
    expect(brandText(base.tagline, 'ar')).toBe(base.tagline.ar);
  });
});
