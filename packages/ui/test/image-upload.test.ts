import { describe, expect, it } from 'vitest';
import { checkImageFile, DEFAULT_MAX_IMAGE_BYTES, sniffImageType } from '../src/image-upload.tsx';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];

describe('image checks before upload', () => {
  it('recognises JPEG and PNG by their first bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
  });

  it('refuses other content whatever the file claims', () => {
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeUndefined(); // GIF
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(PNG.slice(0, 7)))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('accepts the declared JPEG and PNG types within the size limit', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1 }, DEFAULT_MAX_IMAGE_BYTES)).toBeUndefined();
    expect(checkImageFile({ type: 'image/png', size: DEFAULT_MAX_IMAGE_BYTES }, DEFAULT_MAX_IMAGE_BYTES)).toBeUndefined();
  });

  it('refuses other types, empty files and files over the limit', () => {
    for (const type of ['image/gif', 'image/webp', 'image/svg+xml', 'image/jpg', 'application/pdf', '']) {
      expect(checkImageFile({ type, size: 100 }, DEFAULT_MAX_IMAGE_BYTES)).toBe('type');
    }
    expect(checkImageFile({ type: 'image/png', size: 0 }, DEFAULT_MAX_IMAGE_BYTES)).toBe('size');
    expect(checkImageFile({ type: 'image/png', size: DEFAULT_MAX_IMAGE_BYTES + 1 }, DEFAULT_MAX_IMAGE_BYTES)).toBe('size');
    expect(DEFAULT_MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });
});
