import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@caravan/contract/languages';
import { LOCALES_DIR } from './paths.ts';

/** Server messages (errors and success texts) per locale, from locales/<locale>/server.json. */
export type MessageParams = Record<string, string | number>;

export class Translator {
  constructor(private readonly catalogs: ReadonlyMap<Locale, Readonly<Record<string, string>>>) {}

  has(locale: Locale, key: string): boolean {
    return this.catalogs.get(locale)?.[key] !== undefined;
  }

  /** The message in the locale, else in English, else the key itself; `{name}` placeholders filled. */
  t(locale: Locale, key: string, params: MessageParams = {}): string {
    const template = this.catalogs.get(locale)?.[key] ?? this.catalogs.get(DEFAULT_LOCALE)?.[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  }
}

export const SERVER_NAMESPACE = 'server';

export function loadTranslator(localesDir = LOCALES_DIR): Translator {
  const catalogs = new Map<Locale, Record<string, string>>();
  for (const locale of LOCALES) {
    const file = path.join(localesDir, locale, `${SERVER_NAMESPACE}.json`);
    catalogs.set(locale, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {});
  }
  return new Translator(catalogs);
}
