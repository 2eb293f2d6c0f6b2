import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.ts';

/** Uploaded images, content-addressed: the blob key is the SHA-256 of the re-encoded bytes. */
export const uploads = pgTable(
  'uploads',
  {
    blobKey: text().primaryKey(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The upload kind whose limit applied: 'avatar' | 'chat' | 'general' | 'document' */
    kind: text().notNull(),
    uploadedBy: text(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [index('uploads_uploaded_by_idx').on(table.uploadedBy)],
);

/**
 * Who uploaded an image. The blob is content-addressed, so two users uploading the same bytes share
 * one `uploads` row; each of them still owns the picture (a loan's ID photos must be the applicant's).
 */
export const uploadOwners = pgTable(
  'upload_owners',
  {
    blobKey: text().notNull(),
    userId: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.blobKey, table.userId] })],
);
