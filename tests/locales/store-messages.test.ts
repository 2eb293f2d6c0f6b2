import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';
import { compareWithEnglish, findingsOf, copiesOfEnglish, flatten, type Messages } from './support/store-messages.ts';

// The store's interface messages (locales/<locale>/store-<namespace>.json): every namespace exists in
// all 21 locales with exactly the English keys (plural forms per language), no empty values, the
// English placeholders per key, and really translated (at most 5% of the values copied from English).
// CARAVAN_LOCALES_DIR points the test at another locales folder (to try the checks on sample files).

const root = path.resolve(import.meta.dirname, '..', '..');
const localesDir = process.env.CARAVAN_LOCALES_DIR ?? path.join(root, 'locales');

/** The namespaces the store loads, read from its source so the two cannot drift apart. */
function storeNamespaces(): string[] {
  const source = readFileSync(path.join(root, 'apps', 'store', 'src', 'lib', 'i18n.ts'), 'utf8');
  const list = /export const NAMESPACES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('NAMESPACES not found in apps/store/src/lib/i18n.ts');
  return [...list.matchAll(/'([\w-]+)'/g)].map((match) => match[1] ?? '');
}

const NAMESPACES = storeNamespaces();
const MAX_COPIED = 0.05;

function load(locale: string, namespace: string): { messages: Messages; problems: string[] } | undefined {
  const file = path.join(localesDir, locale, `store-${namespace}.json`);
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { messages: {}, problems: [`not valid JSON: ${(error as Error).message}`] };
  }
  return flatten(parsed);
}

const english = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load('en', namespace)]));

describe('store messages', () => {
  it('the store loads the namespaces this test checks', () => {
    expect(NAMESPACES).toEqual(['common', 'catalog', 'cart', 'address', 'orders', 'wallet', 'account', 'credit', 'chat', 'sellers', 'kyc']);
  });

  it.each(NAMESPACES.map((namespace) => [namespace]))('English store-%s.json exists, holds only non-empty strings', (namespace) => {
    const file = english[namespace];
    expect(file, `locales/en/store-${namespace}.json is missing`).toBeDefined();
    expect(file?.problems).toEqual([]);
    const empty = Object.entries(file?.messages ?? {}).filter(([, text]) => text.trim().length === 0).map(([key]) => key);
    expect(empty, 'empty English values').toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale]))(
    '%s has every store namespace with exactly the English keys, non-empty, with the English placeholders',
    (locale) => {
      // every finding of every namespace in one assertion, so a translator sees the whole list at once
      const findings: Record<string, unknown> = {};
      for (const namespace of NAMESPACES) {
        const name = `store-${namespace}.json`;
        const file = load(locale, namespace);
        if (!file) {
          findings[name] = 'file missing';
          continue;
        }
        const result = compareWithEnglish(english[namespace]?.messages ?? {}, file.messages, locale);
        const found = findingsOf(file.problems, result);
        if (Object.keys(found).length > 0) findings[name] = found;
      }
      expect(findings, `locales/${locale}`).toEqual({});
    },
  );

  it.each(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale]))('%s copies English for at most 5% of the store messages', (locale) => {
    const files = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load(locale, namespace)]));
    // no files, nothing copied: not a pass
    expect(NAMESPACES.filter((namespace) => !files[namespace]).map((namespace) => `locales/${locale}/store-${namespace}.json`), 'missing files').toEqual([]);
    let copies: string[] = [];
    let translatable = 0;
    for (const namespace of NAMESPACES) {
      const result = copiesOfEnglish(english[namespace]?.messages ?? {}, files[namespace]?.messages ?? {});
      copies = copies.concat(result.copies.map((key) => `${namespace}:${key}`));
      translatable += result.translatable;
    }
    const share = translatable === 0 ? 0 : copies.length / translatable;
    expect(share, `${locale}: ${copies.length} of ${translatable} values identical to English: ${copies.join(', ')}`).toBeLessThanOrEqual(MAX_COPIED);
  });
});
