import { describe, expect, it } from 'vitest';
import { INFORMATION_PAGES, linkTarget, promotePageHref } from '../../src/features/catalog/links.ts';

describe('linkTarget', () => {
  it('routes internal paths and opens web addresses', () => {
    expect(linkTarget('/commodity?categoryId=c314075404f57a16ecf9fede5d652d0b')).toEqual({ kind: 'internal', to: '/commodity?categoryId=c314075404f57a16ecf9fede5d652d0b' });
    expect(linkTarget(' https://example.com/sale ')).toEqual({ kind: 'external', href: 'https://example.com/sale' });
  });

  it('drops empty, protocol-relative and script links', () => {
    for (const link of [undefined, null, '', '  ', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'http://', 'ftp://x']) {
      expect(linkTarget(link)).toBeUndefined();
    }
  });
});

describe('promotePageHref', () => {
  it('puts the language in the query and the page in the hash, as the footer does', () => {
    expect(promotePageHref('/promote/', 'ar', 'privacyPolicy')).toBe('/promote/?lang=ar#/privacyPolicy');
    expect(promotePageHref('https://promote.example/?b=1#/x', 'zh-CN', 'Delivery')).toBe('https://promote.example/?b=1&lang=zh-CN#/Delivery');
  });

  it('covers the information pages of spec section 2 with the hash routes it names', () => {
    const routes = Object.fromEntries(INFORMATION_PAGES.map((page) => [page.key, page.route]));
    expect(routes).toMatchObject({ privacy: 'privacyPolicy', returns: 'returnPolicy', delivery: 'Delivery', shipping: 'shippingPolicy' });
    expect(INFORMATION_PAGES.map((page) => page.key)).toEqual([
      'aboutUs', 'careers', 'news', 'contactUs', 'privacy', 'returns', 'servicePolicy', 'delivery', 'shipping', 'buyerRules', 'sellerRules', 'modernSlavery',
    ]);
  });
});
