import type { ConsoleCategory, ConsoleTopCategory } from '@caravan/contract/catalog-console';
import type { Database, Transaction } from '@caravan/db/client';
import type { LocalizedText } from '@caravan/db/schema/catalog';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { moveOnePlace, type MoveDirection } from '../../platform/ordering.ts';
import type { CategoriesRepository, CategoryRow } from './categories.repository.ts';
import type { CategoriesService } from './categories.service.ts';

// The console's side of the category tree: the whole tree (disabled categories too), create, edit the
// names and descriptions per language, move among siblings, enable and disable. Every change is audited
// in its own transaction with what it was before; the store's cached tree is dropped at once here and
// expires within a minute on other instances (CATEGORY_CACHE_TTL_MS).

const TARGET = 'category';

function toConsoleCategory(row: CategoryRow): ConsoleCategory {
  return {
    id: row.id,
    parentId: row.parentId,
    level: row.level,
    rank: row.rank,
    iconUrl: row.iconUrl,
    names: row.names,
    descriptions: row.descriptions,
    enabled: row.enabled,
    recommended: row.recommended,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface CategoryTexts {
  names: LocalizedText;
  descriptions: LocalizedText;
}

export class CategoryAdminService {
  constructor(
    private readonly db: Database,
    private readonly repository: CategoriesRepository,
    private readonly categories: CategoriesService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Top-level categories with their children, each level in rank order. */
  async tree(): Promise<ConsoleTopCategory[]> {
    const rows = await this.repository.all(this.db);
    return rows.filter((row) => row.level === 1).map((top) => ({ ...toConsoleCategory(top), children: rows.filter((row) => row.parentId === top.id).map(toConsoleCategory) }));
  }

  private async changed<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.categories.invalidate();
    return result;
  }

  /** A top-level category, or a second-level one under `parentId` (which must be top-level), placed last. */
  async create(input: CategoryTexts & { parentId?: string | null | undefined }, actor: OperatorActor): Promise<ConsoleCategory> {
    return this.changed(async (tx) => {
      const parentId = input.parentId ?? null;
      if (parentId) {
        const parent = await this.repository.findByIdForUpdate(tx, parentId);
        if (!parent || parent.level !== 1) throw new AppError('catalog.category_parent_invalid');
      }
      const siblings = await this.repository.siblingsForUpdate(tx, parentId);
      const now = this.clock.now();
      const row = {
        id: newId(),
        parentId,
        level: parentId ? 2 : 1,
        rank: siblings.reduce((max, sibling) => Math.max(max, sibling.rank + 1), 0),
        iconUrl: '',
        names: input.names,
        descriptions: input.descriptions,
        enabled: true,
        recommended: false,
        createdAt: now,
        updatedAt: now,
      };
      await this.repository.insert(tx, [row]);
      await this.audit.record(tx, operatorEntry(actor, 'category.create', { type: TARGET, id: row.id }, { after: { parentId, names: row.names, descriptions: row.descriptions } }));
      return toConsoleCategory(row);
    });
  }

  /** New names and descriptions (languages left out show the English text). */
  async update(id: string, input: CategoryTexts, actor: OperatorActor): Promise<ConsoleCategory> {
    return this.changed(async (tx) => {
      const before = await this.repository.findByIdForUpdate(tx, id);
      if (!before) throw new AppError('common.not_found');
      const after = await this.repository.update(tx, id, { names: input.names, descriptions: input.descriptions, updatedAt: this.clock.now() });
      if (!after) throw new AppError('common.not_found');
      await this.audit.record(
        tx,
        operatorEntry(actor, 'category.update', { type: TARGET, id }, { before: { names: before.names, descriptions: before.descriptions }, after: { names: after.names, descriptions: after.descriptions } }),
      );
      return toConsoleCategory(after);
    });
  }

  /** Shown in the store or hidden (a hidden top-level category hides its children with it). Nothing to do when already so. */
  async setEnabled(id: string, enabled: boolean, actor: OperatorActor): Promise<ConsoleCategory> {
    return this.changed(async (tx) => {
      const before = await this.repository.findByIdForUpdate(tx, id);
      if (!before) throw new AppError('common.not_found');
      if (before.enabled === enabled) return toConsoleCategory(before);
      const after = await this.repository.update(tx, id, { enabled, updatedAt: this.clock.now() });
      if (!after) throw new AppError('common.not_found');
      await this.audit.record(tx, operatorEntry(actor, enabled ? 'category.enable' : 'category.disable', { type: TARGET, id }, { before: { enabled: before.enabled }, after: { enabled } }));
      return toConsoleCategory(after);
    });
  }

  /** One place up or down among its siblings; the first cannot go up nor the last down (nothing changes). */
  async move(id: string, direction: MoveDirection, actor: OperatorActor): Promise<ConsoleTopCategory[]> {
    await this.changed(async (tx) => {
      const row = await this.repository.findByIdForUpdate(tx, id);
      if (!row) throw new AppError('common.not_found');
      const siblings = await this.repository.siblingsForUpdate(tx, row.parentId);
      const before = siblings.map((sibling) => sibling.id);
      const after = moveOnePlace(before, id, direction);
      if (!after) return;
      await this.repository.setRanks(tx, after, this.clock.now());
      await this.audit.record(tx, operatorEntry(actor, 'category.move', { type: TARGET, id }, { direction, parentId: row.parentId, before, after }));
    });
    return this.tree();
  }
}
