import { seedCatalogue, type CatalogueSeedResult } from '../../src/seed/catalogue.ts';
import type { TestApp } from './test-app.ts';
import { argon2Hasher } from '../../src/platform/passwords.ts';

/** A small but complete seeded catalogue (all 170 categories, 12 shops, 300 goods, tiny pictures). */
export async function seedSmallCatalogue(t: TestApp, options: { products?: number; shops?: number } = {}): Promise<CatalogueSeedResult> {
  return seedCatalogue({
    products: options.products ?? 300,
    shops: options.shops ?? 12,
    imageVariants: 1,
    pictureWidths: { large: 48, thumb: 24 },
    pool: t.database.pool,
    blobs: t.blobs,
    hasher: argon2Hasher(),
    now: t.clock.now(),
    publicBaseUrl: '',
  });
}
