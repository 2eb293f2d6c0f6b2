import type { Executor } from '@caravan/db/client';
import { uploads } from '@caravan/db/schema/uploads';
import { eq } from 'drizzle-orm';

export class UploadsRepository {
  async insert(executor: Executor, row: typeof uploads.$inferInsert): Promise<void> {
    await executor.insert(uploads).values(row).onConflictDoNothing();
  }

  async find(executor: Executor, blobKey: string) {
    const rows = await executor.select().from(uploads).where(eq(uploads.blobKey, blobKey)).limit(1);
    return rows[0];
  }
}
