import type { CategoryNode } from '@caravan/contract/catalog';
import type { Locale } from '@caravan/contract/languages';
import { resolvePage } from '@caravan/contract/paging';
import type { Database } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { CategoriesRepository, CategoryRow } from './categories.repository.ts';
import { localized } from './localized.ts';

/** The tree is small and read on every page: kept in memory, reloaded at most once a minute. */
export const CATEGORY_CACHE_TTL_MS = 60_000;

export class CategoriesService {
  private readonly cache: TtlCache<CategoryRow[]>;

  constructor(
    private readonly db: Database,
    private readonly repository: CategoriesRepository,
    clock: Clock,
  ) {
    this.cache = new TtlCache(clock, CATEGORY_CACHE_TTL_MS, 1);
  }

  private rows(): Promise<CategoryRow[]> {
    return this.cache.get('all', () => this.repository.all(this.db));
  }

  invalidate(): void {
    this.cache.clear();
  }

  /** The level of a category id (1 top, 2 second), or undefined when unknown or hidden. */
  async levelOf(categoryId: string): Promise<1 | 2 | undefined> {
    const row = (await this.rows()).find((category) => category.id === categoryId);
    if (!row || !row.enabled) return undefined;
    return row.level === 1 ? 1 : 2;
  }

  private node(row: CategoryRow, locale: Locale, children: CategoryNode[]): CategoryNode {
    return {
      id: row.id,
      categoryId: row.id,
      parentId: row.parentId ?? '',
      name: localized(row.names, locale),
      des: localized(row.descriptions, locale),
      sort: row.rank,
      rank: row.rank,
      iconImg: row.iconUrl,
      status: row.enabled ? 1 : 0,
      level: row.level,
      subList: children,
    };
  }

  /** Built trees per language, valid as long as the rows they were built from. */
  private trees = new WeakMap<CategoryRow[], Map<string, CategoryNode[]>>();

  /** category!tree, or the part of it a shop uses when `only` names second-level ids. */
  async tree(locale: Locale, showHidden: boolean, only?: ReadonlySet<string>): Promise<CategoryNode[]> {
    const all = await this.rows();
    if (!only) {
      let built = this.trees.get(all);
      if (!built) {
        built = new Map();
        this.trees.set(all, built);
      }
      const key = `${locale}:${showHidden}`;
      const cached = built.get(key);
      if (cached) return cached;
      const tree = this.build(all, locale, showHidden);
      built.set(key, tree);
      return tree;
    }
    return this.build(all, locale, showHidden, only);
  }

  private build(all: CategoryRow[], locale: Locale, showHidden: boolean, only?: ReadonlySet<string>): CategoryNode[] {
    const rows = all.filter((row) => showHidden || row.enabled);
    const tops = rows.filter((row) => row.level === 1);
    return tops
      .map((top) => {
        const children = rows
          .filter((row) => row.parentId === top.id && (!only || only.has(row.id)))
          .map((child) => this.node(child, locale, []));
        return { top, children };
      })
      .filter(({ children }) => !only || children.length > 0)
      .map(({ top, children }) => this.node(top, locale, children));
  }

  private card(row: CategoryRow, locale: Locale) {
    return { categoryId: row.id, name: localized(row.names, locale), iconImg: row.iconUrl, des: localized(row.descriptions, locale), sort: row.rank };
  }

  /** category!list and category!recommend: top-level categories, paged (no total, as legacy). */
  async list(locale: Locale, page: { pageNum?: number | undefined; pageSize?: number | undefined }, recommendedOnly: boolean) {
    const { pageNum, pageSize, offset } = resolvePage(page.pageNum, page.pageSize, 20);
    const rows = (await this.rows()).filter((row) => row.level === 1 && row.enabled && (!recommendedOnly || row.recommended));
    return {
      pageInfo: { pageNum, pageSize, totalElements: 0 },
      pageList: rows.slice(offset, offset + pageSize).map((row) => this.card(row, locale)),
    };
  }
}
