// The web apps' texts, read from locales/<locale>/<app>-<namespace>.json, so the tests find buttons and
// messages by what the user reads without copying the texts (a changed wording needs no test change).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '..', '..', '..', 'locales');

type Lookup = (key: string, values?: Record<string, string | number>) => string;

/** The texts of one locale (e.g. 'ar' to check a right-to-left page says what it should). */
export function messagesIn(locale: string, namespace: string, app: 'store' | 'console' | 'seller' = 'store'): Lookup {
  const messages = JSON.parse(readFileSync(path.join(localesDir, locale, `${app}-${namespace}.json`), 'utf8')) as Record<string, unknown>;
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
    if (typeof found !== 'string') throw new Error(`no ${locale} text ${app}-${namespace}:${key}`);
    return found.replace(/\{\{\s*-?\s*(\w+)[^}]*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

export function english(namespace: string, app: 'store' | 'console' | 'seller' = 'store'): Lookup {
  return messagesIn('en', namespace, app);
}
