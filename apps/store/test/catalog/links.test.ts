import { describe, expect, it } from 'vitest';
import { INFORMATION_SLUGS } from '@caravan/contract/information';
import { linkTarget } from '../../src/features/catalog/links.ts';
import { FOOTER_POLICY_LINKS, informationPath } from '../../src/lib/information-links.ts';

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

describe('information links', () => {
  it('the footer policy links open pages of spec section 2', () => {
    expect(FOOTER_POLICY_LINKS.map((link) => link.label)).toEqual(['privacy', 'returns', 'delivery', 'shipping']);
    for (const link of FOOTER_POLICY_LINKS) expect(INFORMATION_SLUGS).toContain(link.slug);
    expect(informationPath('modern-slavery')).toBe('/information/modern-slavery');
  });
});
