import { crc32, deflateSync } from 'node:zlib';
import { uploads } from '@caravan/db/schema/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../support/test-app.ts';

const t = await useTestApp();
const user = await registerUser(t);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----caravan${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: { name: string; type: string; bytes: Buffer } | undefined, fields: Record<string, string> = {}, token: string | null = user.token) {
  const body = multipart({ ...(token ? { token } : {}), lang: 'en', ...fields }, file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/wap/api/uploadimg!execute.action',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  return response.json() as { code: string; msg: string; errorKey?: string; data: string | null };
}

async function jpeg(options: { width?: number; height?: number; exif?: boolean; orientation?: number } = {}) {
  let image = sharp({ create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: '#c0392b' } }).jpeg();
  if (options.exif) image = image.withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS 51.5007N 0.1246W' } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  // a header announcing a huge image, with a token amount of pixel data
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function storedBlob(url: string): Buffer {
  const key = url.slice(url.lastIndexOf('/') + 1);
  const bytes = t.blobs.blobs.get(key);
  if (!bytes) throw new Error(`no blob ${key}`);
  return bytes;
}

describe('uploadimg!execute', () => {
  it('stores a JPEG re-encoded without its metadata and answers its URL', async () => {
    const original = await jpeg({ exif: true });
    expect(original.includes(Buffer.from('secret-owner'))).toBe(true);
    const response = await upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: original }, { moduleName: '123' });
    expect(response.code).toBe('0');
    expect(response.data).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    const stored = storedBlob(response.data ?? '');
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const response = await upload({ name: 'rotated.jpg', type: 'image/jpeg', bytes: await jpeg({ width: 80, height: 40, orientation: 6 }) });
    const metadata = await sharp(storedBlob(response.data ?? '')).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 40, height: 80 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('stores PNGs as PNG, content-addressed: the same image twice gives the same URL and one row', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } }).png().toBuffer();
    const first = await upload({ name: 'a.png', type: 'image/png', bytes: png });
    const second = await upload({ name: 'b.png', type: 'image/png', bytes: png });
    expect(first.data).toMatch(/\.png$/);
    expect(second.data).toBe(first.data);
    const rows = (await t.database.db.select().from(uploads)).filter((row) => first.data?.endsWith(row.blobKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contentType: 'image/png', width: 10, height: 10, kind: 'general' });
  });

  it('serves stored images back with safe headers', async () => {
    const response = await upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: await jpeg() });
    const served = await t.app.inject({ method: 'GET', url: response.data ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(storedBlob(response.data ?? ''))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(64)}.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('judges the type by content, not by name or declared type', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const asJpeg = await upload({ name: 'cat.jpg', type: 'image/jpeg', bytes: gif });
    expect(asJpeg).toMatchObject({ code: '1', errorKey: 'uploads.type_not_allowed', msg: 'Only JPG and PNG images can be uploaded' });
    const script = await upload({ name: 'x.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') });
    expect(script.errorKey).toBe('uploads.type_not_allowed');
    const svg = await upload({ name: 'x.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect(svg.errorKey).toBe('uploads.type_not_allowed');
  });

  it('refuses images that do not decode, and decompression bombs', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await upload({ name: 'x.jpg', type: 'image/jpeg', bytes: broken })).errorKey).toBe('uploads.unreadable');
    const bomb = pngHeaderOnly(20_000, 20_000);
    expect((await upload({ name: 'bomb.png', type: 'image/png', bytes: bomb })).errorKey).toBe('uploads.dimensions_too_large');
  });

  it('applies the size limit of the upload kind (avatar 2M, general 10M) and drops smuggled trailing data', async () => {
    const padded = Buffer.concat([await jpeg(), Buffer.alloc(2 * 1024 * 1024 + 10, 0x41)]);
    const asAvatar = await upload({ name: 'big.jpg', type: 'image/jpeg', bytes: padded }, { moduleName: 'avatar' });
    expect(asAvatar).toMatchObject({ errorKey: 'uploads.too_large', msg: 'The image must not be larger than 2M' });
    const asGeneral = await upload({ name: 'big.jpg', type: 'image/jpeg', bytes: padded }, { moduleName: 'online' });
    expect(asGeneral.code).toBe('0');
    expect(storedBlob(asGeneral.data ?? '').length).toBeLessThan(10_000);
  });

  it('takes an avatar of exactly 2M and refuses one byte more', async () => {
    const small = await jpeg();
    const exact = Buffer.concat([small, Buffer.alloc(2 * 1024 * 1024 - small.length, 0x41)]);
    expect(exact.length).toBe(2 * 1024 * 1024);
    expect((await upload({ name: 'edge.jpg', type: 'image/jpeg', bytes: exact }, { moduleName: 'avatar' })).code).toBe('0');
    const over = Buffer.concat([exact, Buffer.from([0x41])]);
    expect((await upload({ name: 'edge.jpg', type: 'image/jpeg', bytes: over }, { moduleName: 'avatar' })).errorKey).toBe('uploads.too_large');
  });

  it('refuses files over 30M at the transport', async () => {
    const huge = Buffer.concat([await jpeg(), Buffer.alloc(30 * 1024 * 1024 + 1, 1)]);
    const response = await upload({ name: 'huge.jpg', type: 'image/jpeg', bytes: huge }, { moduleName: 'credit' });
    expect(response.errorKey).toBe('uploads.too_large');
  });

  it('needs a file and a login', async () => {
    expect((await upload(undefined)).errorKey).toBe('uploads.file_required');
    expect((await upload({ name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg() }, {}, null)).code).toBe('403');
  });

  it('refuses files sent to calls that take none', async () => {
    const body = multipart({ code: 'customer_service_url' }, { name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/wap/api/syspara!getSyspara.action',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.json()).toMatchObject({ code: '1', errorKey: 'common.param_invalid' });
  });
});
