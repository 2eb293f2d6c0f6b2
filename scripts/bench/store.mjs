// The buyer store's measurements for `npm run bench` (scenario names store:bundle, store:lighthouse,
// store:axe, store:mobile, or "store" for all four), against the bench's own API server, which serves the built store:
//
// - bundle: the JavaScript /index needs before it can show the home page, in gzip KB (goal <= 250):
//   from Vite's manifest (apps/store/dist/.vite/manifest.json) the entry chunk and everything it
//   imports statically (its modulepreloads), the lazy chunk of the home route and the active locale's
//   first-screen message chunks; cross-checked with the scripts Chromium really loads for /index.
// - lighthouse: performance and accessibility scores (goal >= 90 each) of home, product detail,
//   checkout and the loan application, with Lighthouse's desktop preset: this is the PC store (the spec
//   sends mobile user agents to the separate /wap site), so it is measured as desktops see it. Median
//   of BENCH_LIGHTHOUSE_RUNS runs (default 3) by performance score.
// - axe: axe-core in the same pages through playwright-core, serious and critical violations by id
//   (goal 0).
// - mobile: the /wap site (the same store in its mobile layout, where the spec sends phones) with
//   Lighthouse's mobile preset (its default configuration: a phone's screen, slow 4G, a 4x slower CPU):
//   performance and accessibility of home, product detail and checkout (goal >= 90 each), median of
//   BENCH_LIGHTHOUSE_RUNS runs as above.
//
// Checkout needs a signed-in buyer with goods in the cart, the loan application a signed-in buyer: the
// bench registers one through the API and writes the store's own local-storage keys (token, user info,
// cart) before the page loads, and the page-session cookie the store sets after a sign-in (ADR 0019).
// Everything runs offline against 127.0.0.1 with the machine's Chromium (CHROMIUM_PATH).
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const STORE_PARTS = ['bundle', 'lighthouse', 'axe', 'mobile'];
export const BUNDLE_GOAL_KB = 250;
export const SCORE_GOAL = 90;

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Which store parts BENCH_SCENARIOS selects ("store" = all); undefined when none. */
export function storeParts(only) {
  if (!only) return new Set(STORE_PARTS);
  const parts = new Set(STORE_PARTS.filter((part) => only.has('store') || only.has(`store:${part}`)));
  return parts.size > 0 ? parts : undefined;
}

export function isStoreScenario(name) {
  return name === 'store' || name.startsWith('store:');
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The message namespaces the store loads before its first screen (EAGER in apps/store/src/lib/i18n.ts). */
function eagerNamespaces() {
  const source = readFileSync(path.join(import.meta.dirname, '..', '..', 'apps', 'store', 'src', 'lib', 'i18n.ts'), 'utf8');
  const list = /const EAGER[^=]*= \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('EAGER not found in apps/store/src/lib/i18n.ts');
  return [...list.matchAll(/'([\w-]+)'/g)].map((match) => match[1]);
}

/** The JavaScript /index needs, from Vite's manifest. */
export function bundleFromManifest(distDir, locale = 'en') {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the store (build.manifest in apps/store/vite.config.ts)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/catalog/pages/home-page.tsx'));
  if (!homeKey) throw new Error('the manifest has no chunk for features/catalog/pages/home-page.tsx');
  const eager = eagerNamespaces();
  const messageKeys = Object.keys(manifest).filter((key) => eager.some((namespace) => key.endsWith(`locales/${locale}/store-${namespace}.json`)));

  const files = new Map(); // file -> why
  const css = new Set();
  // why each file is loaded: the entry, its modulepreloads, or what imports it (directly or not)
  const visit = (key, why, importedAs) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.set(chunk.file, why);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported, importedAs ?? `${why}: import`, importedAs);
  };
  visit(entryKey, 'entry', 'modulepreload');
  visit(homeKey, 'home route');
  for (const key of messageKeys) visit(key, `${locale} messages`);

  // the page itself must name the entry and its preloads: the manifest and index.html agree
  const named = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
  const missingFromHtml = [...files].filter(([, why]) => why === 'entry' || why === 'modulepreload').map(([file]) => file).filter((file) => !named.includes(file));

  const rows = [...files].map(([file, why]) => {
    const content = readFileSync(path.join(distDir, file));
    return { file, why, bytes: content.length, gzip: gzipBytes(content) };
  });
  const cssRows = [...css].map((file) => {
    const content = readFileSync(path.join(distDir, file));
    return { file, bytes: content.length, gzip: gzipBytes(content) };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return {
    locale,
    files: rows,
    css: cssRows,
    jsGzipKB: kb(total),
    jsRawKB: kb(rows.reduce((sum, row) => sum + row.bytes, 0)),
    cssGzipKB: kb(cssRows.reduce((sum, row) => sum + row.gzip, 0)),
    missingFromHtml,
  };
}

function requireFromRoot(root) {
  return createRequire(path.join(root, 'package.json'));
}

/** A buyer with a token, an address and one line in the cart: what the store keeps in local storage. */
export async function checkoutFixture(baseUrl) {
  const call = async (name, params, token) => {
    const body = new URLSearchParams({ lang: 'en', ...params });
    const response = await fetch(`${baseUrl}/wap/api/${name}.action${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      body,
    });
    const envelope = await response.json();
    if (envelope.code !== '0') throw new Error(`${name}: ${envelope.msg}`);
    return envelope.data;
  };
  const username = `benchstore${Date.now().toString(36)}`;
  const password = 'Kx9#mountain';
  const grant = await call('localuser!registerNoVerifcode', { username, password, re_password: password });
  await call('address!add', { contacts: 'Mei Chen', phone: '+1 718 555 0199', address: '200 Atlantic Ave', countryId: '233', provinceId: '1452', cityId: '112872' }, grant.token);
  const list = await call('sellerGoods!list', { pageNum: '1', pageSize: '1' });
  const listing = list.pageList[0];
  if (!listing) throw new Error('the bench catalogue lists nothing');
  const goods = await call('sellerGoods!info', { sellerGoodsId: listing.id });
  const sku = (goods.skus ?? []).find((candidate) => candidate.stock > 0);
  const line = {
    key: `${goods.id}:${sku?.skuId ?? ''}`,
    sellerGoodsId: goods.id,
    skuId: sku?.skuId ?? '',
    name: goods.name,
    checkAttrName: sku?.attrText ?? '',
    image: goods.zoomImg || goods.imgUrl1,
    price: sku?.sellingPrice ?? goods.sellingPrice,
    originalPrice: sku?.sellingPrice ?? goods.sellingPrice,
    buyMin: Math.max(1, goods.buyMin || 1),
    count: Math.max(1, goods.buyMin || 1),
    checked: true,
    seller: { id: goods.seller?.id || goods.sellerId, name: goods.seller?.name || goods.sellerName },
  };
  return {
    productId: goods.id,
    storage: {
      ES_TOKEN: grant.token,
      userInfo: JSON.stringify({ username, usercode: grant.usercode }),
      [`cart:${grant.usercode}`]: JSON.stringify([line]),
      language: 'en',
    },
  };
}

/** The audited pages; checkout and the loan application with the buyer's local storage. */
export function storePages(baseUrl, fixture) {
  return [
    { name: 'home', url: `${baseUrl}/index`, storage: { language: 'en' } },
    { name: 'product detail', url: `${baseUrl}/productDetails?id=${encodeURIComponent(fixture.productId)}`, storage: { language: 'en' } },
    { name: 'checkout', url: `${baseUrl}/settlement`, storage: fixture.storage },
    { name: 'credit application', url: `${baseUrl}/credit/application`, storage: fixture.storage },
  ];
}

/** The /wap pages measured with the mobile preset (the same buyer and cart for checkout). */
export function wapPages(baseUrl, fixture) {
  return [
    { name: 'wap home', url: `${baseUrl}/wap/index`, storage: { language: 'en' } },
    { name: 'wap product detail', url: `${baseUrl}/wap/productDetails?id=${encodeURIComponent(fixture.productId)}`, storage: { language: 'en' } },
    { name: 'wap checkout', url: `${baseUrl}/wap/settlement`, storage: fixture.storage },
  ];
}

/** The scripts Chromium loads for /index until the network is idle (gzip sizes of the built files). */
export async function loadedScripts(root, baseUrl, chromiumPath, distDir) {
  const { chromium } = requireFromRoot(root)('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname.replace(/^\//, ''));
    });
    await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
    const files = [...scripts].filter((file) => existsSync(path.join(distDir, file)));
    const gzip = files.reduce((sum, file) => sum + gzipBytes(readFileSync(path.join(distDir, file))), 0);
    return { files, jsGzipKB: kb(gzip) };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse on each page, in a Chromium started by chrome-launcher: the desktop preset, or with
 * `preset: 'mobile'` Lighthouse's default configuration (mobile emulation and throttling).
 */
export async function lighthouseAudits(root, pages, chromiumPath, runs, log, preset = 'desktop') {
  const require = requireFromRoot(root);
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = require('playwright-core');
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], logLevel: 'silent' });
  const results = [];
  try {
    for (const target of pages) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) {
        // the page's local storage, written on a same-origin address that loads none of the store's
        // assets (Lighthouse clears caches, service workers and cache storage before loading, not local storage)
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        try {
          const context = cdp.contexts()[0] ?? (await cdp.newContext());
          const setup = await context.newPage();
          await setup.goto(`${new URL(target.url).origin}/health`);
          await setup.evaluate((entries) => {
            globalThis.localStorage.clear();
            for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
          }, target.storage);
          // a signed-in buyer's browser also holds the page-session cookie the store sets after a sign-in
          // (ADR 0019), with which the server renders the buyer's own /wap pages, and the checkout cookie
          // the store keeps equal to the cart: written by the store itself on a page it has loaded before
          // (Lighthouse then clears the browser's cache, not its cookies); a visitor's holds neither
          const origin = new URL(target.url).origin;
          if (target.storage.ES_TOKEN) {
            await context.request.post(`${origin}/wap/page-session`, { headers: { authorization: `Bearer ${target.storage.ES_TOKEN}` } });
            await setup.goto(`${origin}/wap/index`);
            await setup.waitForSelector('html[data-app="live"]');
            const cookies = async () => (await context.cookies(`${origin}/wap/settlement`)).map((cookie) => cookie.name);
            for (let tries = 0; tries < 50 && !(await cookies()).includes('caravan_checkout'); tries += 1) await setup.waitForTimeout(100);
          } else {
            await context.request.delete(`${origin}/wap/page-session`);
          }
          await setup.close();
        } finally {
          await cdp.close();
        }
        const outcome = await lighthouse(target.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, preset === 'mobile' ? undefined : desktopConfig);
        const lhr = outcome?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${target.url}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const score = (category) => (lhr.categories[category]?.score === null || lhr.categories[category]?.score === undefined ? null : Math.round(lhr.categories[category].score * 100));
        const metric = (id) => lhr.audits[id]?.numericValue;
        const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          fcpMs: Math.round(metric('first-contentful-paint') ?? 0),
          lcpMs: Math.round(metric('largest-contentful-paint') ?? 0),
          tbtMs: Math.round(metric('total-blocking-time') ?? 0),
          cls: Math.round((metric('cumulative-layout-shift') ?? 0) * 1000) / 1000,
          finalUrl: lhr.finalDisplayedUrl,
          failedAccessibilityAudits: failedA11y,
          warnings: (lhr.runWarnings ?? []).map(String),
        });
      }
      const sorted = [...samples].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const row = { page: target.name, url: target.url, preset, runs: samples.length, performanceScores: samples.map((sample) => sample.performance), ...median };
      log(`lighthouse (${preset}) ${target.name}: performance ${row.performance} (runs ${row.performanceScores.join(', ')}), accessibility ${row.accessibility}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}${row.finalUrl !== target.url ? `, ended at ${row.finalUrl}` : ''}`);
      results.push(row);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** axe-core in each page (after the network is idle), through playwright-core. */
export async function axeAudits(root, pages, chromiumPath, log) {
  const require = requireFromRoot(root);
  const { chromium } = require('playwright-core');
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const axeVersion = JSON.parse(readFileSync(require.resolve('axe-core/package.json'), 'utf8')).version;
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const target of pages) {
      // the store's content security policy allows only its own scripts: let axe in
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true, locale: 'en-US' });
      await context.addInitScript((entries) => {
        if (globalThis.location.pathname === '/health') return;
        for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
      }, target.storage);
      const page = await context.newPage();
      await page.goto(target.url, { waitUntil: 'networkidle' });
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const outcome = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
        return outcome.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length, help: violation.help }));
      });
      const finalUrl = page.url();
      await context.close();
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      const row = { page: target.name, url: target.url, finalUrl, axeVersion, seriousOrCritical: serious.length, violations };
      log(`axe ${target.name}: ${serious.length} serious/critical${serious.length > 0 ? ` (${serious.map((violation) => `${violation.id} x${violation.nodes}`).join(', ')})` : ''}, ${violations.length - serious.length} minor/moderate`);
      results.push(row);
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Runs the selected parts; returns the JSON section, markdown and goal lines. */
export async function measureStore({ root, baseUrl, parts, chromiumPath, runs, log }) {
  const distDir = path.join(root, 'apps', 'store', 'dist');
  const out = {};
  if (parts.has('bundle')) {
    out.bundle = bundleFromManifest(distDir);
    out.bundle.loadedByChromium = await loadedScripts(root, baseUrl, chromiumPath, distDir);
    log(`bundle: /index needs ${out.bundle.jsGzipKB} KB of JavaScript (gzip) by the manifest, Chromium loaded ${out.bundle.loadedByChromium.jsGzipKB} KB in ${out.bundle.loadedByChromium.files.length} scripts`);
  }
  if (parts.has('lighthouse') || parts.has('axe')) {
    const fixture = await checkoutFixture(baseUrl);
    const pages = storePages(baseUrl, fixture);
    if (parts.has('lighthouse')) out.lighthouse = await lighthouseAudits(root, pages, chromiumPath, runs, log);
    if (parts.has('axe')) out.axe = await axeAudits(root, pages, chromiumPath, log);
  }
  if (parts.has('mobile')) {
    const fixture = await checkoutFixture(baseUrl);
    out.lighthouseMobile = await lighthouseAudits(root, wapPages(baseUrl, fixture), chromiumPath, runs, log, 'mobile');
  }
  return { json: out, markdown: storeMarkdown(out, runs), goals: storeGoals(out) };
}

function storeGoals(out) {
  const goals = [];
  if (out.bundle) goals.push(`store: initial JavaScript of /index ${out.bundle.jsGzipKB} KB gzip (goal <= ${BUNDLE_GOAL_KB} KB)`);
  for (const row of out.lighthouse ?? []) {
    goals.push(`store ${row.page}: Lighthouse performance ${row.performance}, accessibility ${row.accessibility} (desktop; goal >= ${SCORE_GOAL} each)`);
  }
  for (const row of out.lighthouseMobile ?? []) {
    goals.push(`store ${row.page}: Lighthouse performance ${row.performance}, accessibility ${row.accessibility} (mobile; goal >= ${SCORE_GOAL} each)`);
  }
  for (const row of out.axe ?? []) {
    const serious = row.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    goals.push(`store ${row.page}: ${row.seriousOrCritical} serious/critical axe violations${serious.length > 0 ? ` (${serious.map((violation) => violation.id).join(', ')})` : ''} (goal 0)`);
  }
  return goals;
}

function storeMarkdown(out, runs) {
  const sections = ['## Store'];
  if (out.bundle) {
    const bundle = out.bundle;
    sections.push(
      `Initial JavaScript of \`/index\` (${bundle.locale}): **${bundle.jsGzipKB} KB gzip** (${bundle.jsRawKB} KB raw; goal <= ${BUNDLE_GOAL_KB} KB gzip), ` +
        `from Vite's manifest: the entry, its modulepreloads, the home route's chunk and the ${bundle.locale} message chunks of the first screen. ` +
        `Chromium loaded ${bundle.loadedByChromium.jsGzipKB} KB gzip of scripts for /index until the network was idle. CSS: ${bundle.cssGzipKB} KB gzip.` +
        (bundle.missingFromHtml.length > 0 ? ` Not named in index.html: ${bundle.missingFromHtml.join(', ')}.` : ''),
      ['| file | loaded as | raw KB | gzip KB |', '|---|---|---:|---:|', ...bundle.files.map((row) => `| ${row.file} | ${row.why} | ${kb(row.bytes)} | ${kb(row.gzip)} |`)].join('\n'),
    );
  }
  if (out.lighthouse || out.axe) {
    const names = (out.lighthouse ?? out.axe).map((row) => row.page);
    const lines = [
      '| page | performance | accessibility | LCP ms | TBT ms | CLS | axe serious/critical |',
      '|---|---:|---:|---:|---:|---:|---|',
    ];
    for (const name of names) {
      const lh = out.lighthouse?.find((row) => row.page === name);
      const axe = out.axe?.find((row) => row.page === name);
      const serious = axe?.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical') ?? [];
      lines.push(
        `| ${name} | ${lh?.performance ?? '-'} | ${lh?.accessibility ?? '-'} | ${lh?.lcpMs ?? '-'} | ${lh?.tbtMs ?? '-'} | ${lh?.cls ?? '-'} | ${axe ? `${axe.seriousOrCritical}${serious.length > 0 ? `: ${serious.map((violation) => `${violation.id} (${violation.nodes})`).join(', ')}` : ''}` : '-'} |`,
      );
    }
    sections.push(
      (out.lighthouse
        ? `Lighthouse ${runs > 1 ? `(median of ${runs} runs by performance) ` : ''}with the desktop preset: this is the PC store; the spec sends mobile user agents to the separate /wap site. Goals >= ${SCORE_GOAL}. `
        : '') + (out.axe ? `axe-core ${out.axe[0]?.axeVersion ?? ''}: serious and critical violations (goal 0), with the number of elements.` : ''),
      lines.join('\n'),
    );
  }
  if (out.lighthouseMobile) {
    sections.push(
      `The /wap site (the same store in its mobile layout, where phones are sent) with Lighthouse's mobile preset (phone screen, slow 4G, 4x CPU slowdown)${runs > 1 ? `, median of ${runs} runs by performance` : ''}. Goals >= ${SCORE_GOAL}.`,
      [
        '| page | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | failed accessibility audits |',
        '|---|---:|---:|---:|---:|---:|---:|---|',
        ...out.lighthouseMobile.map((row) => `| ${row.page} | ${row.performance ?? '-'} | ${row.accessibility ?? '-'} | ${row.fcpMs} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} | ${row.failedAccessibilityAudits.join(', ') || '-'} |`),
      ].join('\n'),
    );
  }
  return sections.join('\n\n');
}
