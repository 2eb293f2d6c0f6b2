import type { Executor } from '@caravan/db/client';
import { uploadOwners, uploads } from '@caravan/db/schema/uploads';
import { and, eq } from 'drizzle-orm';

export class UploadsRepository {
  async insert(executor: Executor, row: typeof uploads.$inferInsert): Promise<void> {
    await executor.insert(uploads).values(row).onConflictDoNothing();
  }

  async insertOwner(executor: Executor, row: typeof uploadOwners.$inferInsert): Promise<void> {
    await executor.insert(uploadOwners).values(row).onConflictDoNothing();
  }

  async isOwner(executor: Executor, blobKey: string, userId: string): Promise<boolean> {
    const rows = await executor
      .select({ key: uploadOwners.blobKey })
      .from(uploadOwners)
      .where(and(eq(uploadOwners.blobKey, blobKey), eq(uploadOwners.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  async find(executor: Executor, blobKey: string) {
    const rows = await executor.select().from(uploads).where(eq(uploads.blobKey, blobKey)).limit(1);
    return rows[0];
  }
}
