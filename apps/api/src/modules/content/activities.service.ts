import { isActivityUrl, type ConsoleActivity } from '@caravan/contract/information';
import type { Database } from '@caravan/db/client';
import { operatorEntry, type AuditLog, type OperatorActor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ActivityRow, ContentRepository } from './content.repository.ts';

// Lucky-draw activities from the console: an operator schedules one (title, the page it links to,
// start and end) and may end it early. At most one is scheduled or running at any time, so the store's
// `activity/lottery!getCurrentActivity` has one answer. Every change is audited.

const TARGET = 'activity';
/** The console lists the latest activities; there are a handful a year. */
const LIST_LIMIT = 50;

export interface ActivityInput {
  title: string;
  detailUrl: string;
  startsAt: string;
  endsAt: string;
}

export class ActivitiesService {
  constructor(
    private readonly db: Database,
    private readonly repository: ContentRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private toConsole(row: ActivityRow): ConsoleActivity {
    const now = this.clock.now().getTime();
    const state = !row.enabled || row.endsAt.getTime() <= now ? 'ended' : row.startsAt.getTime() > now ? 'scheduled' : 'running';
    return { id: row.id, title: row.title, detailUrl: row.detailUrl, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), state, createdAt: row.createdAt.toISOString() };
  }

  async list(): Promise<{ items: ConsoleActivity[] }> {
    const rows = await this.repository.listActivities(this.db, LIST_LIMIT);
    return { items: rows.map((row) => this.toConsole(row)) };
  }

  async create(input: ActivityInput, actor: OperatorActor): Promise<ConsoleActivity> {
    const detailUrl = input.detailUrl.trim();
    if (!isActivityUrl(detailUrl)) throw new AppError('content.activity_url_invalid');
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const now = this.clock.now();
    if (!(endsAt.getTime() > startsAt.getTime()) || endsAt.getTime() <= now.getTime()) throw new AppError('content.activity_window_invalid');
    return this.db.transaction(async (tx) => {
      await this.repository.lockActivities(tx);
      if ((await this.repository.overlappingActivities(tx, startsAt, endsAt)).length > 0) throw new AppError('content.activity_overlaps');
      const row: ActivityRow = { id: newId(), title: input.title.trim(), detailUrl, startsAt, endsAt, enabled: true, createdAt: now };
      await this.repository.insertActivity(tx, row);
      await this.audit.record(tx, operatorEntry(actor, 'activity.create', { type: TARGET, id: row.id }, { after: { title: row.title, detailUrl, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() } }));
      return this.toConsole(row);
    });
  }

  /** Ends a running activity now, or cancels a scheduled one; an ended one cannot be ended again. */
  async end(id: string, actor: OperatorActor): Promise<ConsoleActivity> {
    return this.db.transaction(async (tx) => {
      await this.repository.lockActivities(tx);
      const before = await this.repository.findActivityForUpdate(tx, id);
      if (!before) throw new AppError('common.not_found');
      const now = this.clock.now();
      if (!before.enabled || before.endsAt.getTime() <= now.getTime()) throw new AppError('content.activity_ended');
      const after = await this.repository.updateActivity(tx, id, { enabled: false, endsAt: before.startsAt.getTime() > now.getTime() ? before.endsAt : now });
      if (!after) throw new AppError('common.not_found');
      await this.audit.record(
        tx,
        operatorEntry(actor, 'activity.end', { type: TARGET, id }, { before: { enabled: true, endsAt: before.endsAt.toISOString() }, after: { enabled: false, endsAt: after.endsAt.toISOString() } }),
      );
      return this.toConsole(after);
    });
  }
}
