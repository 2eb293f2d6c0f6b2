import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';
import { compareWithEnglish, copiesOfEnglish, findingsOf, flatten, type Messages } from './support/store-messages.ts';

// The seller panel's messages (locales/<locale>/seller-<namespace>.json). Sellers are as international
// as buyers: every one of the 21 languages has every namespace with exactly the English keys (plural
// forms per language), non-empty, with the English placeholders, and really translated. Every message
// key the panel's source asks for exists in English. The `orders` and `wallet` namespaces are the
// store's own files (checked by the store's test).

const root = path.resolve(import.meta.dirname, '..', '..');
const localesDir = path.join(root, 'locales');
const sourceDir = path.join(root, 'apps', 'seller', 'src');
const MAX_COPIED = 0.05;
/** Namespaces the panel reads from the store's files, not from seller-*.json. */
const FROM_STORE = ['orders', 'wallet'];

/** The namespaces the panel loads, read from its source so the two cannot drift apart. */
function sellerNamespaces(): string[] {
  const source = readFileSync(path.join(sourceDir, 'lib', 'i18n.ts'), 'utf8');
  const list = /export const NAMESPACES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('NAMESPACES not found in apps/seller/src/lib/i18n.ts');
  return [...list.matchAll(/'([\w-]+)'/g)].map((match) => match[1] ?? '');
}

const ALL_NAMESPACES = sellerNamespaces();
const NAMESPACES = ALL_NAMESPACES.filter((namespace) => !FROM_STORE.includes(namespace));

function load(locale: string, file: string): { messages: Messages; problems: string[] } | undefined {
  const full = path.join(localesDir, locale, file);
  if (!existsSync(full)) return undefined;
  try {
    return flatten(JSON.parse(readFileSync(full, 'utf8')));
  } catch (error) {
    return { messages: {}, problems: [`not valid JSON: ${(error as Error).message}`] };
  }
}

const fileOf = (namespace: string) => (FROM_STORE.includes(namespace) ? `store-${namespace}.json` : `seller-${namespace}.json`);
const english = Object.fromEntries(ALL_NAMESPACES.map((namespace) => [namespace, load('en', fileOf(namespace))]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
}

describe('seller panel messages', () => {
  it('the panel loads its own namespaces and the store files this test expects', () => {
    expect(NAMESPACES).toEqual(['common', 'goods', 'sales', 'shop']);
    expect(ALL_NAMESPACES.filter((namespace) => FROM_STORE.includes(namespace)).sort()).toEqual(FROM_STORE);
  });

  it.each(NAMESPACES.map((namespace) => [namespace]))('English seller-%s.json exists, holds only non-empty strings', (namespace) => {
    const file = english[namespace];
    expect(file, `locales/en/seller-${namespace}.json is missing`).toBeDefined();
    expect(file?.problems).toEqual([]);
    expect(Object.entries(file?.messages ?? {}).filter(([, text]) => text.trim().length === 0)).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale]))(
    '%s has every seller namespace with exactly the English keys, non-empty, with the English placeholders, translated',
    (locale) => {
      const findings: Record<string, unknown> = {};
      let copies = 0;
      let translatable = 0;
      for (const namespace of NAMESPACES) {
        const file = load(locale, `seller-${namespace}.json`);
        if (!file) {
          findings[`seller-${namespace}.json`] = 'file missing';
          continue;
        }
        const result = compareWithEnglish(english[namespace]?.messages ?? {}, file.messages, locale);
        const found = findingsOf(file.problems, result);
        if (Object.keys(found).length > 0) findings[`seller-${namespace}.json`] = found;
        const copied = copiesOfEnglish(english[namespace]?.messages ?? {}, file.messages);
        copies += copied.copies.length;
        translatable += copied.translatable;
      }
      expect(findings, `locales/${locale}`).toEqual({});
      expect(copies / Math.max(1, translatable), `locales/${locale}: share of seller messages copied from English`).toBeLessThanOrEqual(MAX_COPIED);
    },
  );

  it('every fixed message key the panel source asks for exists in English (its own files and the store files it reads)', () => {
    const keys = new Set(ALL_NAMESPACES.flatMap((namespace) => Object.keys(english[namespace]?.messages ?? {}).map((key) => `${namespace}:${key}`)));
    const missing: string[] = [];
    for (const file of sourceFiles(sourceDir)) {
      const source = readFileSync(file, 'utf8');
      // t('ns:key' ...) with a literal key; keys built at run time (`ns:states.${state}`) are checked by their parts below
      for (const match of source.matchAll(/\bt\('((\w+):([\w.]+))'/g)) {
        const [, full = '', namespace = ''] = match;
        if (ALL_NAMESPACES.includes(namespace) && !keys.has(full) && ![...keys].some((key) => key.startsWith(`${full}_`))) missing.push(`${path.relative(sourceDir, file)}: ${full}`);
      }
      // t(cond ? 'ns:a' : 'ns:b')
      for (const match of source.matchAll(/\?\s*'((\w+):([\w.]+))'\s*:\s*'((\w+):([\w.]+))'/g)) {
        for (const full of [match[1] ?? '', match[4] ?? '']) if (!keys.has(full)) missing.push(`${path.relative(sourceDir, file)}: ${full}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the keys the panel builds at run time exist in English', () => {
    const has = (namespace: string, key: string) => key in (english[namespace]?.messages ?? {});
    const built = [
      ...['required', 'format', 'belowMin', 'aboveMax', 'startRequired', 'endRequired', 'order'].map((problem) => ['goods', `pricing.problems.${problem}`] as const),
      ...['profit', 'discount'].map((field) => ['goods', `pricing.${field}`] as const),
      ...['required', 'format'].map((problem) => ['sales', `push.problems.${problem}`] as const),
      ...['all', 'good', 'medium', 'bad', 'pictures'].map((tab) => ['sales', `reviews.tabs.${tab}`] as const),
      ...['all', 'settled', 'pending'].map((tab) => ['shop', `earnings.tabs.${tab}`] as const),
      ...['open', 'suspended', 'closed'].map((status) => ['shop', `status.${status}`] as const),
      ...['confirmed', 'shipped', 'received', 'completed', 'refunded', 'pendingPayment', 'cancelled'].map((status) => ['orders', `status.${status}`] as const),
      ...['requested', 'refunding', 'succeeded', 'failed', 'rejected'].map((status) => ['orders', `refundStatus.${status}`] as const),
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((code) => ['orders', `reasons.refund.${code}`] as const),
    ];
    expect(built.filter(([namespace, key]) => !has(namespace, key)).map(([namespace, key]) => `${namespace}:${key}`)).toEqual([]);
  });
});
