import {
  INFORMATION_BODY_MAX,
  INFORMATION_FALLBACK_LOCALE,
  INFORMATION_SLUGS,
  INFORMATION_TITLE_MAX,
  isInformationSlug,
  type InformationListItem,
  type InformationPage,
  type InformationPageContent,
  type InformationSlug,
} from '@caravan/contract/information';
import { findLocale, LOCALES, type Locale } from '@caravan/contract/languages';
import type { Database } from '@caravan/db/client';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import type { ServerBrand } from '../../platform/brand.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { ContentRepository, InformationPageRow } from './content.repository.ts';
import { defaultInformationPages } from './information-defaults.ts';
import { renderMarkdown } from './markdown.ts';

// Information pages (about us, policies, rules ...) of this server's brand, one version per language,
// edited by operators in the console; the store reads them through `information!list` and
// `information!get`, which serve English when a language has no version. Pages change rarely: the
// store's answers are cached here (rendered HTML included) and dropped on every change this process
// makes; other processes see a change within STORE_CACHE_MS.

const TARGET = 'information_page';
/** How long another API process may serve a page's previous version after a change. */
export const STORE_CACHE_MS = 60_000;

export interface PageInput {
  title: string;
  body: string;
}

function snapshot(row: Pick<InformationPageRow, 'title' | 'body'>): Record<string, unknown> {
  return { title: row.title, body: row.body };
}

function toConsolePage(row: InformationPageRow): InformationPage {
  return { slug: row.slug, locale: row.locale, title: row.title, body: row.body, html: renderMarkdown(row.body), updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy };
}

/** Characters as a reader counts them (code points), not UTF-16 units. */
function length(text: string): number {
  return [...text].length;
}

export class InformationService {
  private readonly pages: TtlCache<InformationPageContent>;
  private readonly lists: TtlCache<InformationListItem[]>;

  constructor(
    private readonly db: Database,
    private readonly repository: ContentRepository,
    private readonly brand: ServerBrand,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {
    this.pages = new TtlCache(clock, STORE_CACHE_MS, 1_000);
    this.lists = new TtlCache(clock, STORE_CACHE_MS, 100);
  }

  // ---- store ----------------------------------------------------------------------------------

  /** The pages of the brand in the store's order, each titled in `locale` or else in English. */
  list(locale: Locale): Promise<InformationListItem[]> {
    return this.lists.get(locale, async () => {
      const rows = await this.repository.listInformationPages(this.db, this.brand.id, [...new Set([locale, INFORMATION_FALLBACK_LOCALE])]);
      const items: InformationListItem[] = [];
      for (const slug of INFORMATION_SLUGS) {
        const own = rows.find((row) => row.slug === slug && row.locale === locale);
        const chosen = own ?? rows.find((row) => row.slug === slug && row.locale === INFORMATION_FALLBACK_LOCALE);
        if (chosen) items.push({ slug, title: chosen.title, lang: chosen.locale });
      }
      return items;
    });
  }

  /** One page in `locale`, or in English when that language has no version. */
  get(slug: InformationSlug, locale: Locale): Promise<InformationPageContent> {
    return this.pages.get(`${slug}|${locale}`, async () => {
      const rows = await this.repository.findInformationPages(this.db, this.brand.id, slug, [...new Set([locale, INFORMATION_FALLBACK_LOCALE])]);
      const row = rows.find((candidate) => candidate.locale === locale) ?? rows.find((candidate) => candidate.locale === INFORMATION_FALLBACK_LOCALE);
      if (!row) throw new AppError('content.page_unknown');
      return { slug, title: row.title, html: renderMarkdown(row.body), updatedAt: row.updatedAt.toISOString(), lang: row.locale, fallback: row.locale !== locale };
    });
  }

  private forgetStoreAnswers(): void {
    this.pages.clear();
    this.lists.clear();
  }

  // ---- console --------------------------------------------------------------------------------

  /** Every page with the languages it has a version in. */
  async overview() {
    const rows = await this.repository.listInformationPages(this.db, this.brand.id);
    return {
      locales: [...LOCALES],
      items: INFORMATION_SLUGS.map((slug) => ({
        slug,
        translations: rows
          .filter((row) => row.slug === slug)
          .sort((a, b) => LOCALES.indexOf(a.locale as Locale) - LOCALES.indexOf(b.locale as Locale))
          .map((row) => ({ locale: row.locale, title: row.title, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy })),
      })),
    };
  }

  async page(slug: string, locale: string): Promise<InformationPage> {
    const key = this.checkKey(slug, locale);
    const [row] = await this.repository.findInformationPages(this.db, this.brand.id, key.slug, [key.locale]);
    if (!row) throw new AppError('common.not_found');
    return toConsolePage(row);
  }

  /** Creates or replaces one language's version (audited with before and after). */
  async save(slug: string, locale: string, input: PageInput, actor: OperatorActor): Promise<InformationPage> {
    const key = this.checkKey(slug, locale);
    const title = input.title.trim();
    const body = input.body.replace(/\r\n?/g, '\n').trim();
    if (length(title) < 1 || length(title) > INFORMATION_TITLE_MAX) throw new AppError('content.page_title_invalid');
    if (length(body) < 1 || length(body) > INFORMATION_BODY_MAX) throw new AppError('content.page_body_invalid');
    const saved = await this.db.transaction(async (tx) => {
      const before = await this.repository.findInformationPageForUpdate(tx, this.brand.id, key.slug, key.locale);
      const row: InformationPageRow = { brand: this.brand.id, slug: key.slug, locale: key.locale, title, body, updatedBy: actor.id, updatedAt: this.clock.now() };
      await this.repository.upsertInformationPage(tx, row);
      await this.audit.record(
        tx,
        operatorEntry(actor, before ? 'information.update' : 'information.create', { type: TARGET, id: `${key.slug}/${key.locale}` }, { brand: this.brand.id, ...(before ? { before: snapshot(before) } : {}), after: snapshot(row) }),
      );
      return row;
    });
    this.forgetStoreAnswers();
    return toConsolePage(saved);
  }

  /** Deletes one language's version; the store then shows English. English itself stays. */
  async delete(slug: string, locale: string, actor: OperatorActor): Promise<void> {
    const key = this.checkKey(slug, locale);
    if (key.locale === INFORMATION_FALLBACK_LOCALE) throw new AppError('content.page_english_kept');
    await this.db.transaction(async (tx) => {
      const before = await this.repository.findInformationPageForUpdate(tx, this.brand.id, key.slug, key.locale);
      if (!before) throw new AppError('common.not_found');
      await this.repository.deleteInformationPage(tx, this.brand.id, key.slug, key.locale);
      await this.audit.record(tx, operatorEntry(actor, 'information.delete', { type: TARGET, id: `${key.slug}/${key.locale}` }, { brand: this.brand.id, before: snapshot(before) }));
    });
    this.forgetStoreAnswers();
  }

  /** The HTML the store would show for this Markdown. */
  preview(body: string): { html: string } {
    if (length(body) > INFORMATION_BODY_MAX) throw new AppError('content.page_body_invalid');
    return { html: renderMarkdown(body) };
  }

  /** The brand's default English pages, for those that have no English version yet; answers how many were added. */
  async seedDefaults(): Promise<number> {
    const now = this.clock.now();
    const defaults = defaultInformationPages(this.brand);
    const rows = INFORMATION_SLUGS.map((slug): InformationPageRow => ({ brand: this.brand.id, slug, locale: INFORMATION_FALLBACK_LOCALE, title: defaults[slug].title, body: defaults[slug].body, updatedBy: null, updatedAt: now }));
    const added = await this.repository.insertMissingInformationPages(this.db, rows);
    if (added > 0) this.forgetStoreAnswers();
    return added;
  }

  private checkKey(slug: string, locale: string): { slug: InformationSlug; locale: Locale } {
    if (!isInformationSlug(slug)) throw new AppError('content.page_unknown');
    const found = findLocale(locale);
    // the canonical id only (en, zh-CN ...), so one language has one version
    if (!found || found !== locale) throw new AppError('content.page_language_invalid');
    return { slug, locale: found };
  }
}
