import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';
import { compareWithEnglish, findingsOf, copiesOfEnglish, flatten, type Messages } from './support/store-messages.ts';

// The operator console's messages (locales/<locale>/console-<namespace>.json). The console speaks the
// languages that have its files: English and Simplified Chinese, both complete, are required; any
// other language added later must have every namespace with exactly the English keys (plural forms per
// language), non-empty, with the English placeholders, and really translated. Every message key the
// console's source asks for exists in English.

const root = path.resolve(import.meta.dirname, '..', '..');
const localesDir = path.join(root, 'locales');
const sourceDir = path.join(root, 'apps', 'console', 'src');
const REQUIRED = ['en', 'zh-CN'];
const MAX_COPIED = 0.05;

/** The namespaces the console loads from console-*.json, read from its source so the two cannot drift apart. */
function consoleNamespaces(): string[] {
  const source = readFileSync(path.join(sourceDir, 'lib', 'i18n.ts'), 'utf8');
  const list = /export const NAMESPACES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('NAMESPACES not found in apps/console/src/lib/i18n.ts');
  // storeOrders is the store's own file (store-orders.json), checked by the store's test
  return [...list.matchAll(/'([\w-]+)'/g)].map((match) => match[1] ?? '').filter((namespace) => namespace !== 'storeOrders');
}

const NAMESPACES = consoleNamespaces();

function load(locale: string, namespace: string): { messages: Messages; problems: string[] } | undefined {
  const file = path.join(localesDir, locale, `console-${namespace}.json`);
  if (!existsSync(file)) return undefined;
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    return { messages: {}, problems: [`not valid JSON: ${(error as Error).message}`] };
  }
}

const english = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load('en', namespace)]));
/** Languages with console files, required or not. */
const consoleLocales = LOCALES.filter((locale) => locale !== 'en' && (REQUIRED.includes(locale) || NAMESPACES.some((namespace) => load(locale, namespace) !== undefined)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
}

describe('console messages', () => {
  it('the console loads the namespaces this test checks', () => {
    expect(NAMESPACES).toEqual(['common', 'queues', 'orders', 'audit', 'settings', 'loans', 'users', 'chat', 'catalog', 'operators', 'sellers', 'kyc']);
    expect(consoleLocales).toContain('zh-CN');
  });

  it.each(NAMESPACES.map((namespace) => [namespace]))('English console-%s.json exists, holds only non-empty strings', (namespace) => {
    const file = english[namespace];
    expect(file, `locales/en/console-${namespace}.json is missing`).toBeDefined();
    expect(file?.problems).toEqual([]);
    expect(Object.entries(file?.messages ?? {}).filter(([, text]) => text.trim().length === 0)).toEqual([]);
  });

  it.each(consoleLocales.map((locale) => [locale]))('%s has every console namespace with exactly the English keys, non-empty, with the English placeholders, translated', (locale) => {
    const findings: Record<string, unknown> = {};
    let copies = 0;
    let translatable = 0;
    for (const namespace of NAMESPACES) {
      const file = load(locale, namespace);
      if (!file) {
        findings[`console-${namespace}.json`] = 'file missing';
        continue;
      }
      const result = compareWithEnglish(english[namespace]?.messages ?? {}, file.messages, locale);
      const found = findingsOf(file.problems, result);
      if (Object.keys(found).length > 0) findings[`console-${namespace}.json`] = found;
      const copied = copiesOfEnglish(english[namespace]?.messages ?? {}, file.messages);
      copies += copied.copies.length;
      translatable += copied.translatable;
    }
    expect(findings, `locales/${locale}`).toEqual({});
    expect(copies / Math.max(1, translatable), `locales/${locale}: share of console messages copied from English`).toBeLessThanOrEqual(MAX_COPIED);
  });

  it('every fixed message key the console source asks for exists in English', () => {
    const keys = new Set(NAMESPACES.flatMap((namespace) => Object.keys(english[namespace]?.messages ?? {}).map((key) => `${namespace}:${key}`)));
    const missing: string[] = [];
    for (const file of sourceFiles(sourceDir)) {
      const source = readFileSync(file, 'utf8');
      // t('ns:key' ...) with a literal key; keys built at run time (`ns:states.${state}`) carry a default
      for (const match of source.matchAll(/\bt\('((\w+):([\w.]+))'/g)) {
        const [, full = '', namespace = ''] = match;
        if (NAMESPACES.includes(namespace) && !keys.has(full) && ![...keys].some((key) => key.startsWith(`${full}_`))) missing.push(`${path.relative(sourceDir, file)}: ${full}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
