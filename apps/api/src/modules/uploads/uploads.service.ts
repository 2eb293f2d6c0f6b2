import { createHash } from 'node:crypto';
import type { Database } from '@caravan/db/client';
import type { OutputInfo } from 'sharp';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { imageLibrary } from '../../platform/image-library.ts';
import { CONTENT_TYPES, EXTENSIONS, sniffImageFormat } from './image-check.ts';
import { formatLimit, MAX_IMAGE_PIXELS, PRIVATE_UPLOAD_KINDS, UPLOAD_LIMIT_BYTES, type UploadKind } from './upload-kinds.ts';
import { SIGNED_URL_TTL_MS, type UploadSigner } from './upload-signing.ts';
import type { UploadsRepository } from './uploads.repository.ts';

export const UPLOADS_PATH = '/uploads/';
/** Private pictures: `/uploads/private/<key>?expires=..&signature=..` (the path alone is the stored reference). */
export const PRIVATE_UPLOADS_PATH = '/uploads/private/';

export interface StoredImage {
  key: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
}

/**
 * Accepts JPEG and PNG only, recognised by their bytes; decodes, applies the EXIF orientation and
 * re-encodes, which drops every piece of metadata (GPS positions, camera data) and anything smuggled
 * after the image data; stores the result content-addressed.
 */
export class UploadsService {
  constructor(
    private readonly db: Database,
    private readonly repository: UploadsRepository,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
    private readonly signer: UploadSigner,
  ) {}

  urlFor(key: string): string {
    return `${this.publicBaseUrl}${UPLOADS_PATH}${key}`;
  }

  /** The stored reference of a private picture (not fetchable as such). */
  privateRefFor(key: string): string {
    return `${PRIVATE_UPLOADS_PATH}${key}`;
  }

  /** A URL of a private picture (its reference or any URL naming it) that works until it expires. */
  signedUrl(ref: string, ttlMs: number = SIGNED_URL_TTL_MS): { url: string; expiresAt: Date } {
    const key = this.keyOf(ref);
    if (!key || !key.startsWith('p')) return { url: '', expiresAt: this.clock.now() };
    const { expires, signature } = this.signer.sign(key, ttlMs);
    return { url: `${this.publicBaseUrl}${PRIVATE_UPLOADS_PATH}${key}?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * The blob key a URL (absolute under our base, or the /uploads/ path; private pictures under
   * /uploads/private/, query string ignored) names, if it can be one of ours.
   */
  private keyOf(url: string): string | undefined {
    const trimmed = url.trim();
    const withoutBase = trimmed.startsWith(this.publicBaseUrl) ? trimmed.slice(this.publicBaseUrl.length) : trimmed;
    const path = withoutBase.split('?')[0] ?? '';
    if (path.startsWith(PRIVATE_UPLOADS_PATH)) {
      const key = path.slice(PRIVATE_UPLOADS_PATH.length);
      return /^p[0-9a-f]{64}\.(jpg|png)$/.test(key) ? key : undefined;
    }
    if (!path.startsWith(UPLOADS_PATH)) return undefined;
    const key = path.slice(UPLOADS_PATH.length);
    return /^[0-9a-f]{64}\.(jpg|png)$/.test(key) ? key : undefined;
  }

  /** Public pictures only: a private one never ends up on a public page (review, logo, proof). */
  private publicKeyOf(url: string): string | undefined {
    const key = this.keyOf(url);
    return key && !key.startsWith('p') ? key : undefined;
  }

  /**
   * The stored reference of a private picture this user uploaded, named by any URL of it (the signed
   * one uploadimg!execute answered with, or the bare reference); undefined for anything else,
   * including public uploads and other users' pictures.
   */
  async ownedPrivateRef(url: string, userId: string): Promise<string | undefined> {
    const key = this.keyOf(url);
    if (!key || !key.startsWith('p')) return undefined;
    return (await this.repository.isOwner(this.db, key, userId)) ? this.privateRefFor(key) : undefined;
  }

  /** Whether a URL names an image stored here (checked by content when it was uploaded). */
  async isStoredImage(url: string): Promise<boolean> {
    const key = this.publicKeyOf(url);
    return key !== undefined && (await this.repository.find(this.db, key)) !== undefined;
  }

  /** Whether a URL names an image stored here that this user uploaded (identity documents). */
  async isOwnedImage(url: string, userId: string): Promise<boolean> {
    const key = this.publicKeyOf(url);
    return key !== undefined && (await this.repository.isOwner(this.db, key, userId));
  }

  async storeImage(bytes: Buffer, kind: UploadKind, uploadedBy: string | undefined): Promise<StoredImage> {
    const limit = UPLOAD_LIMIT_BYTES[kind];
    if (bytes.length === 0) throw new AppError('uploads.file_required');
    if (bytes.length > limit) throw new AppError('uploads.too_large', { limit: formatLimit(limit) });
    const format = sniffImageFormat(bytes);
    if (!format) throw new AppError('uploads.type_not_allowed');

    const sharp = await imageLibrary();
    let output: { data: Buffer; info: OutputInfo };
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true });
      const metadata = await image.metadata();
      if (metadata.format !== format) throw new AppError('uploads.type_not_allowed');
      // refuse from the header, before any pixel is decoded
      if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) throw new AppError('uploads.dimensions_too_large');
      const oriented = image.rotate();
      output = await (format === 'jpeg'
        ? oriented.jpeg({ quality: 88, mozjpeg: true })
        : oriented.png({ compressionLevel: 9, adaptiveFiltering: true })
      ).toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (/pixel limit/i.test(String((error as Error).message))) throw new AppError('uploads.dimensions_too_large');
      throw new AppError('uploads.unreadable');
    }

    // private pictures live in a key space of their own, so the same bytes uploaded publicly never expose them
    const isPrivate = PRIVATE_UPLOAD_KINDS.has(kind);
    const key = `${isPrivate ? 'p' : ''}${createHash('sha256').update(output.data).digest('hex')}.${EXTENSIONS[format]}`;
    await this.blobs.put(key, output.data);
    await this.repository.insert(this.db, {
      blobKey: key,
      contentType: CONTENT_TYPES[format],
      sizeBytes: output.data.length,
      width: output.info.width,
      height: output.info.height,
      kind,
      uploadedBy: uploadedBy ?? null,
      createdAt: this.clock.now(),
    });
    if (uploadedBy) await this.repository.insertOwner(this.db, { blobKey: key, userId: uploadedBy, createdAt: this.clock.now() });
    return {
      key,
      url: isPrivate ? this.signedUrl(this.privateRefFor(key)).url : this.urlFor(key),
      contentType: CONTENT_TYPES[format],
      width: output.info.width,
      height: output.info.height,
      sizeBytes: output.data.length,
    };
  }
}
