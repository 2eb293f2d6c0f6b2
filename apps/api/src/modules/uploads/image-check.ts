// Uploads are judged by their content, never by the file name or the declared type.

export type ImageFormat = 'jpeg' | 'png';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  if (bytes.length >= JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  return undefined;
}

export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png' };
export const EXTENSIONS: Record<ImageFormat, 'jpg' | 'png'> = { jpeg: 'jpg', png: 'png' };
