import type { consoleBanner } from '@caravan/contract/catalog-console';
import type { Database } from '@caravan/db/client';
import type { z } from 'zod';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { moveOnePlace, type MoveDirection } from '../../platform/ordering.ts';
import type { BannerRow, ContentRepository } from './content.repository.ts';

// The store's banners from the console: list, create, edit, delete and order them within their
// placement. A banner's picture is an image stored by our uploads (checked when it is set or changed);
// every change is audited with what it was before, in its own transaction.

const TARGET = 'banner';

export interface BannerInput {
  type: string;
  imgType: string;
  imgUrl: string;
  link: string;
  title: string;
  enabled: boolean;
}

export interface BannerPorts {
  isStoredImage(url: string): Promise<boolean>;
}

export type ConsoleBanner = z.output<typeof consoleBanner>;

export function toConsoleBanner(row: BannerRow): ConsoleBanner {
  return { id: row.id, type: row.type, imgType: row.imgType, imgUrl: row.imgUrl, link: row.link ?? '', title: row.title ?? '', sort: row.sort, enabled: row.enabled, createdAt: row.createdAt.toISOString() };
}

function snapshot(row: BannerRow): Record<string, unknown> {
  const { createdAt: _createdAt, ...rest } = toConsoleBanner(row);
  return rest;
}

export class BannersService {
  constructor(
    private readonly db: Database,
    private readonly repository: ContentRepository,
    private readonly ports: BannerPorts,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async list(type: string | undefined, page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.listBannersForConsole(this.db, type, page.pageSize, (page.page - 1) * page.pageSize);
    return { items: rows.map(toConsoleBanner), total };
  }

  private async checkImage(url: string): Promise<void> {
    if (!(await this.ports.isStoredImage(url))) throw new AppError('content.banner_image_invalid');
  }

  /** A new banner, last of its placement. */
  async create(input: BannerInput, actor: OperatorActor): Promise<ConsoleBanner> {
    await this.checkImage(input.imgUrl);
    return this.db.transaction(async (tx) => {
      const placement = await this.repository.placementForUpdate(tx, input.type);
      const row: BannerRow = { id: newId(), ...input, link: input.link || null, title: input.title || null, sort: placement.reduce((max, banner) => Math.max(max, banner.sort + 1), 0), createdAt: this.clock.now() };
      await this.repository.insertBanner(tx, row);
      await this.audit.record(tx, operatorEntry(actor, 'banner.create', { type: TARGET, id: row.id }, { after: snapshot(row) }));
      return toConsoleBanner(row);
    });
  }

  /** New fields; a new picture must be one of ours, a new placement puts the banner last there. */
  async update(id: string, input: BannerInput, actor: OperatorActor): Promise<ConsoleBanner> {
    return this.db.transaction(async (tx) => {
      const before = await this.repository.findBannerForUpdate(tx, id);
      if (!before) throw new AppError('common.not_found');
      if (input.imgUrl !== before.imgUrl) await this.checkImage(input.imgUrl);
      const sort = input.type === before.type ? before.sort : (await this.repository.placementForUpdate(tx, input.type)).reduce((max, banner) => Math.max(max, banner.sort + 1), 0);
      const after = await this.repository.updateBanner(tx, id, { ...input, link: input.link || null, title: input.title || null, sort });
      if (!after) throw new AppError('common.not_found');
      await this.audit.record(tx, operatorEntry(actor, 'banner.update', { type: TARGET, id }, { before: snapshot(before), after: snapshot(after) }));
      return toConsoleBanner(after);
    });
  }

  async delete(id: string, actor: OperatorActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.repository.findBannerForUpdate(tx, id);
      if (!before) throw new AppError('common.not_found');
      await this.repository.deleteBanner(tx, id);
      await this.audit.record(tx, operatorEntry(actor, 'banner.delete', { type: TARGET, id }, { before: snapshot(before) }));
    });
  }

  /** One place up or down within its placement (the first cannot go up nor the last down). */
  async move(id: string, direction: MoveDirection, actor: OperatorActor): Promise<ConsoleBanner> {
    return this.db.transaction(async (tx) => {
      const row = await this.repository.findBannerForUpdate(tx, id);
      if (!row) throw new AppError('common.not_found');
      const placement = await this.repository.placementForUpdate(tx, row.type);
      const before = placement.map((banner) => banner.id);
      const after = moveOnePlace(before, id, direction);
      if (!after) return toConsoleBanner(row);
      await this.repository.setBannerOrder(tx, after);
      await this.audit.record(tx, operatorEntry(actor, 'banner.move', { type: TARGET, id }, { direction, placement: row.type, before, after }));
      return toConsoleBanner({ ...row, sort: after.indexOf(id) });
    });
  }
}
