import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCatalog, SUCCESS_KEYS, TIMELINE_KEYS } from '@caravan/contract/errors/all-errors';
import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';

// Every server message exists in all 21 locales, with the same placeholders, and really translated.

const root = path.resolve(import.meta.dirname, '..', '..');
const load = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, 'locales', locale, 'server.json'), 'utf8')) as Record<string, string>;
const english = load('en');
const keys = [...Object.keys(errorCatalog), ...SUCCESS_KEYS, ...TIMELINE_KEYS].sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Words that may stay as in English (file formats, currency codes). */
const UNTRANSLATABLE = /^[\s\W\d]*(JPG|PNG|USDT)?[\s\W\d]*$/;

describe('server messages', () => {
  it('English has exactly the catalogue keys', () => {
    expect(Object.keys(english).sort()).toEqual(keys);
  });

  it.each(LOCALES.map((locale) => [locale]))('%s has every key, non-empty, with the English placeholders', (locale) => {
    const messages = load(locale);
    expect(Object.keys(messages).sort()).toEqual(keys);
    for (const key of keys) {
      const text = messages[key] ?? '';
      expect(text.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale]))('%s copies English for at most 5% of its messages', (locale) => {
    const messages = load(locale);
    const copies = keys.filter((key) => messages[key] === english[key] && !UNTRANSLATABLE.test(english[key] ?? ''));
    expect(copies.length / keys.length, `${locale} copies: ${copies.join(', ')}`).toBeLessThanOrEqual(0.05);
  });
});
