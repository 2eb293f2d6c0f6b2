import { informationPages } from '@caravan/db/schema/content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// The store's information pages: the brand's default English pages (seeded), `information!list` and
// `information!get` in the request's language with English fallback, per brand; operators edit them
// over console REST (admin and support write, finance reads), every change audited with before and
// after; the Markdown is rendered to HTML without scripts, frames, handlers or javascript: links.

const t = await useTestApp({ start: '2026-09-01T00:00:00.000Z' });
await t.services.information.seedDefaults();

interface StorePage {
  slug: string;
  title: string;
  html: string;
  updatedAt: string;
  lang: string;
  fallback: boolean;
}
interface ConsolePage {
  slug: string;
  locale: string;
  title: string;
  body: string;
  html: string;
  updatedBy: string | null;
}

const admin = await operatorToken(t, 'admin');
const support = await operatorToken(t, 'support');
const finance = await operatorToken(t, 'finance');

const page = (slug: string, lang: string) => t.call<StorePage>('information!get', { slug, lang });
const save = (slug: string, locale: string, body: Record<string, unknown>, token = admin.token) => consoleCall<ConsolePage & { errorKey?: string }>(t, 'POST', `/information-pages/${slug}/${locale}`, token, body);
const remove = (slug: string, locale: string, token = admin.token) => consoleCall<{ errorKey?: string } | null>(t, 'POST', `/information-pages/${slug}/${locale}/delete`, token, {});
const audit = async (id: string) =>
  (await consoleCall<{ items: { action: string; actorId: string; reason: string | null; detail: Record<string, unknown> }[] }>(t, 'GET', `/audit?targetType=information_page&targetId=${encodeURIComponent(id)}`, admin.token)).body.items;

describe('the default pages', () => {
  it('seeds the 11 pages of the brand in English once, with the brand quoted', async () => {
    const list = await t.call<{ result: { slug: string; title: string; lang: string }[] }>('information!list', { lang: 'en' });
    expect(list.data?.result.map((item) => item.slug)).toEqual(['about-us', 'careers', 'news', 'contact-us', 'privacy', 'returns', 'service-policy', 'delivery', 'buyer-rules', 'seller-rules', 'modern-slavery']);
    expect(list.data?.result[0]).toEqual({ slug: 'about-us', title: 'About Caravan', lang: 'en' });
    const about = await page('about-us', 'en');
    expect(about.data).toMatchObject({ slug: 'about-us', title: 'About Caravan', lang: 'en', fallback: false });
    expect(about.data?.html).toContain('<h2>What we do</h2>');
    expect(about.data?.html).toContain('Caravan is an online wholesale marketplace');
    const returns = await page('returns', 'en');
    expect(returns.data?.html).toContain('<strong>7 days</strong>');
    // a second run adds nothing and keeps an operator's text
    expect(await t.services.information.seedDefaults()).toBe(0);
  });

  it('answers English for a language without its own version, and says so', async () => {
    const privacy = await page('privacy', 'ar');
    expect(privacy.data).toMatchObject({ slug: 'privacy', title: 'Privacy policy', lang: 'en', fallback: true });
    const list = await t.call<{ result: { slug: string; lang: string }[] }>('information!list', { lang: 'ja' });
    expect(list.data?.result.every((item) => item.lang === 'en')).toBe(true);
  });

  it('refuses an unknown or missing page with stable keys', async () => {
    expect(await page('terms-of-sale', 'en')).toMatchObject({ code: '1', errorKey: 'content.page_unknown', msg: 'This information page does not exist' });
    expect((await t.call('information!get', {})).errorKey).toBe('common.param_missing');
  });
});

describe('editing pages in the console', () => {
  it('an admin writes a French version: the store shows it in French, other languages keep English; audited', async () => {
    const saved = await save('returns', 'fr', { title: 'Retours et échanges', body: 'Vous avez **14 jours** pour retourner un article.', reason: 'French shoppers' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ slug: 'returns', locale: 'fr', title: 'Retours et échanges', html: '<p>Vous avez <strong>14 jours</strong> pour retourner un article.</p>\n' });

    expect((await page('returns', 'fr')).data).toMatchObject({ title: 'Retours et échanges', lang: 'fr', fallback: false, updatedAt: '2026-09-01T00:00:00.000Z' });
    expect((await page('returns', 'de')).data).toMatchObject({ title: 'Returns and exchanges', lang: 'en', fallback: true });
    const list = await t.call<{ result: { slug: string; title: string; lang: string }[] }>('information!list', { lang: 'fr' });
    expect(list.data?.result.find((item) => item.slug === 'returns')).toEqual({ slug: 'returns', title: 'Retours et échanges', lang: 'fr' });

    const [created] = await audit('returns/fr');
    expect(created).toMatchObject({ action: 'information.create', reason: 'French shoppers', detail: { brand: 'caravan', after: { title: 'Retours et échanges' } } });
    expect(created?.detail).not.toHaveProperty('before');
  });

  it('support replaces the English text: audited with before and after, the store changes at once', async () => {
    t.clock.advance(60_000);
    const before = (await page('delivery', 'en')).data;
    const saved = await save('delivery', 'en', { title: 'Delivery and pickup', body: '## Shipping\n\nWe ship **every weekday**.' }, support.token);
    expect(saved.status).toBe(200);
    const after = (await page('delivery', 'en')).data;
    expect(after?.html).toBe('<h2>Shipping</h2>\n<p>We ship <strong>every weekday</strong>.</p>\n');
    expect(after?.updatedAt).not.toBe(before?.updatedAt);
    const [entry] = await audit('delivery/en');
    expect(entry?.action).toBe('information.update');
    expect(entry?.detail.before).toMatchObject({ title: 'Delivery and pickup' });
    expect((entry?.detail.before as { body: string }).body).toContain('Shipping times');
    expect(entry?.detail.after).toEqual({ title: 'Delivery and pickup', body: '## Shipping\n\nWe ship **every weekday**.' });
  });

  it('lists every page with the languages it has, and reads one version', async () => {
    const overview = await consoleCall<{ locales: string[]; items: { slug: string; translations: { locale: string; updatedBy: string | null }[] }[] }>(t, 'GET', '/information-pages', finance.token);
    expect(overview.status).toBe(200);
    expect(overview.body.locales).toHaveLength(21);
    expect(overview.body.items).toHaveLength(11);
    expect(overview.body.items.find((item) => item.slug === 'returns')?.translations.map((row) => row.locale)).toEqual(['en', 'fr']);
    expect(overview.body.items.find((item) => item.slug === 'careers')?.translations).toEqual([expect.objectContaining({ locale: 'en', updatedBy: null })]);
    const french = await consoleCall<ConsolePage>(t, 'GET', '/information-pages/returns/fr', finance.token);
    expect(french.body).toMatchObject({ title: 'Retours et échanges', body: 'Vous avez **14 jours** pour retourner un article.' });
    expect((await consoleCall<{ errorKey: string }>(t, 'GET', '/information-pages/returns/ko', finance.token)).body.errorKey).toBe('common.not_found');
  });

  it('deletes a translation (the store falls back to English) but never the English version', async () => {
    expect((await remove('returns', 'fr')).status).toBe(204);
    expect((await page('returns', 'fr')).data).toMatchObject({ lang: 'en', fallback: true, title: 'Returns and exchanges' });
    const [entry] = await audit('returns/fr');
    expect(entry).toMatchObject({ action: 'information.delete', detail: { before: { title: 'Retours et échanges' } } });

    const english = await remove('returns', 'en');
    expect(english).toMatchObject({ status: 409, body: { errorKey: 'content.page_english_kept' } });
    expect((await page('returns', 'en')).data?.title).toBe('Returns and exchanges');
    expect((await remove('returns', 'fr')).body).toMatchObject({ errorKey: 'common.not_found' });
  });

  it('refuses bad input with stable keys and writes nothing', async () => {
    const refusals: [string, string, Record<string, unknown>, number, string][] = [
      ['privacy', 'de', { title: '   ', body: 'Text' }, 400, 'content.page_title_invalid'],
      ['privacy', 'de', { title: 'x'.repeat(121), body: 'Text' }, 400, 'content.page_title_invalid'],
      ['privacy', 'de', { title: 'Datenschutz', body: '  \n ' }, 400, 'content.page_body_invalid'],
      ['privacy', 'de', { title: 'Datenschutz', body: 'x'.repeat(50_001) }, 400, 'content.page_body_invalid'],
      ['terms', 'de', { title: 'AGB', body: 'Text' }, 404, 'content.page_unknown'],
      ['privacy', 'xx', { title: 'Privacy', body: 'Text' }, 400, 'content.page_language_invalid'],
      // the canonical id only: `cn` is a request code, not a language id
      ['privacy', 'cn', { title: '隐私', body: 'Text' }, 400, 'content.page_language_invalid'],
      ['privacy', 'de', { title: 'Datenschutz' }, 400, 'common.param_invalid'],
    ];
    for (const [slug, locale, body, status, key] of refusals) {
      expect(await save(slug, locale, body), `${slug}/${locale} ${JSON.stringify(body).slice(0, 60)}`).toMatchObject({ status, body: { errorKey: key } });
    }
    const rows = await t.database.db.select().from(informationPages).where(eq(informationPages.slug, 'privacy'));
    expect(rows.map((row) => row.locale)).toEqual(['en']);
  });

  it('lets finance read but not write; without a session nothing', async () => {
    expect(await save('news', 'en', { title: 'News', body: 'Text' }, finance.token)).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
    expect(await remove('news', 'en', finance.token)).toMatchObject({ status: 403 });
    expect((await consoleCall(t, 'GET', '/information-pages', undefined)).status).toBe(401);
    expect((await page('news', 'en')).data?.title).toBe('Caravan news');
  });
});

describe('rendering is safe', () => {
  const hostile = [
    '# Title',
    '<script>alert(1)</script>',
    '<iframe src="https://evil.example"></iframe>',
    '<img src=x onerror="alert(1)">',
    '[click](javascript:alert(1)) [again](JaVaScRiPt:alert(2)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox)',
    '<a href="javascript:alert(3)">raw</a> <div style="background:url(javascript:alert(4))">styled</div>',
    '[site](https://example.com/page) [mail](mailto:help@example.com) [inside](/information/privacy)',
  ].join('\n\n');

  it('drops scripts, frames, handlers and javascript:/data: links; keeps ordinary links', async () => {
    const saved = await save('news', 'es', { title: 'Noticias', body: hostile }, support.token);
    expect(saved.status).toBe(200);
    const html = (await page('news', 'es')).data?.html ?? '';
    // the only real tags left are those of ordinary text, with no handler or style attribute
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(new Set(tags.map((tag) => /^<([a-z0-9]+)/i.exec(tag)?.[1]))).toEqual(new Set(['h2', 'p', 'a']));
    expect(tags.filter((tag) => /\son\w+=|style=|src=/i.test(tag))).toEqual([]);
    expect(tags.filter((tag) => /href="(?!https:|mailto:|\/)/i.test(tag))).toEqual([]);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:help@example.com">mail</a>');
    expect(html).toContain('<a href="/information/privacy">inside</a>');
    // raw HTML is shown as text, not interpreted
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // the console's preview is the same renderer
    const preview = await consoleCall<{ html: string }>(t, 'POST', '/information-pages/preview', finance.token, { body: hostile });
    expect(preview.body.html).toBe(html);
  });
});

describe('brands', () => {
  it("a server of another brand answers with its own pages, never the first brand's", async () => {
    const other = await startTestApp({ database: t.database, start: '2026-09-01T00:00:00.000Z', env: { BRAND: 'silkroad' } });
    try {
      expect((await other.call<StorePage>('information!get', { slug: 'about-us', lang: 'en' })).errorKey).toBe('content.page_unknown');
      expect((await other.call<{ result: unknown[] }>('information!list', { lang: 'en' })).data?.result).toEqual([]);
      expect(await other.services.information.seedDefaults()).toBe(11);
      expect((await other.call<StorePage>('information!get', { slug: 'about-us', lang: 'en' })).data?.title).toBe('About Silk Road Wholesale');
      expect((await other.call<StorePage>('information!get', { slug: 'delivery', lang: 'en' })).data?.html).toContain('<strong>48 hours</strong>');
      // the first brand's edited page is untouched
      expect((await page('delivery', 'en')).data?.html).toContain('every weekday');
    } finally {
      await other.close();
    }
  });
});
