import { resolvePage } from '@caravan/contract/paging';
import type { Locale } from '@caravan/contract/languages';
import type { Database } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ContentRepository } from './content.repository.ts';
import type { SettingsService } from './settings.ts';

export class ContentService {
  constructor(
    private readonly db: Database,
    private readonly repository: ContentRepository,
    readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  async subscribe(email: string, locale: Locale, userId: string | undefined): Promise<void> {
    const inserted = await this.repository.insertSubscription(this.db, {
      id: newId(),
      email: email.toLowerCase(),
      locale,
      userId: userId ?? null,
      createdAt: this.clock.now(),
    });
    if (!inserted) throw new AppError('content.already_subscribed');
  }

  home() {
    const links = this.settings.get('index_banner_links');
    return {
      ...(links.length > 0 ? { banner: links } : {}),
      service_link: this.settings.get('service_link'),
      announcement: this.settings.get('index_announcements'),
      aboutus: this.settings.get('about_us'),
    };
  }

  async banners(type: string, imgType: string | undefined, pageNum: number | undefined, pageSize: number | undefined) {
    const page = resolvePage(pageNum, pageSize, 20);
    const rows = await this.repository.listBanners(this.db, type, imgType, page.pageSize, page.offset);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      imgType: row.imgType,
      imgUrl: row.imgUrl,
      link: row.link ?? '',
      title: row.title ?? '',
      sort: row.sort,
    }));
  }

  async currentActivity() {
    const activity = await this.repository.findRunningActivity(this.db, this.clock.now());
    if (!activity) return {};
    return { id: activity.id, title: activity.title, detailUrl: activity.detailUrl, status: '1', running: '1' };
  }
}
