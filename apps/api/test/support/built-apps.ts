import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

// Stand-ins for apps/store/dist, apps/console/dist and apps/seller/dist: the server's behaviour does not
// depend on what the builds contain. Each has its page, a hashed asset (pre-compressed for the store and
// the seller panel); the store also has robots.txt.

export interface BuiltAppFixtures {
  storeDir: string;
  consoleDir: string;
  sellerDir: string;
  /** the store's asset's text (the others' are short) */
  storeScript: string;
  sellerScript: string;
  remove(): void;
}

function page(marker: string, script: string): string {
  return `<!doctype html><html><head><meta name="caravan:platform-time-zone" content="Asia/Shanghai" /><script type="module" src="${script}"></script></head><body><div id="${marker}"></div></body></html>`;
}

export function writeBuiltAppFixtures(): BuiltAppFixtures {
  const storeDir = mkdtempSync(path.join(tmpdir(), 'caravan-store-'));
  mkdirSync(path.join(storeDir, 'assets'));
  writeFileSync(path.join(storeDir, 'index.html'), page('root', '/assets/app-1a2b.js'));
  const storeScript = 'console.log("store");'.repeat(50);
  writeFileSync(path.join(storeDir, 'assets', 'app-1a2b.js'), storeScript);
  writeFileSync(path.join(storeDir, 'assets', 'app-1a2b.js.gz'), gzipSync(storeScript));
  writeFileSync(path.join(storeDir, 'robots.txt'), 'User-agent: *\n');

  const consoleDir = mkdtempSync(path.join(tmpdir(), 'caravan-console-'));
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), page('console', '/console/assets/console-9f8e.js'));
  writeFileSync(path.join(consoleDir, 'assets', 'console-9f8e.js'), 'console.log("console");');

  const sellerDir = mkdtempSync(path.join(tmpdir(), 'caravan-seller-'));
  mkdirSync(path.join(sellerDir, 'assets'));
  writeFileSync(path.join(sellerDir, 'index.html'), page('seller', '/seller/assets/seller-3c4d.js'));
  const sellerScript = 'console.log("seller");'.repeat(50);
  writeFileSync(path.join(sellerDir, 'assets', 'seller-3c4d.js'), sellerScript);
  writeFileSync(path.join(sellerDir, 'assets', 'seller-3c4d.js.br'), brotliCompressSync(sellerScript));

  return {
    storeDir,
    consoleDir,
    sellerDir,
    storeScript,
    sellerScript,
    remove() {
      for (const dir of [storeDir, consoleDir, sellerDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
