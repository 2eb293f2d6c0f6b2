import { describe, expect, it } from 'vitest';
import { basenameOf, mountOf, pagePath, routerPathOf, wapQuery } from '../../src/lib/mount.ts';

// The store runs at / (PC) and at /wap (mobile layout): one build, the mount read from the page's path.

describe('the mount of a page', () => {
  it('is the /wap site for /wap and its page paths, the PC store otherwise', () => {
    for (const path of ['/wap', '/wap/', '/wap/index', '/wap/productDetails', '/wap/userInfo/my-order']) expect(mountOf(path), path).toBe('wap');
    for (const path of ['/', '/index', '/wapper', '/productDetails', '/store', '/userInfo/wap']) expect(mountOf(path), path).toBe('pc');
    expect(basenameOf('wap')).toBe('/wap');
    expect(basenameOf('pc')).toBe('');
  });

  it('turns router paths into address paths and back, inside the mount', () => {
    expect(pagePath('/userInfo/money-package?tab=recharge', '/wap')).toBe('/wap/userInfo/money-package?tab=recharge');
    expect(pagePath('/index', '')).toBe('/index');
    expect(routerPathOf('/wap', '/wap')).toBe('/');
    expect(routerPathOf('/wap/', '/wap')).toBe('/');
    expect(routerPathOf('/wap/index', '/wap')).toBe('/index');
    expect(routerPathOf('/index', '')).toBe('/index');
    expect(routerPathOf('/wapper', '/wap')).toBe('/wapper');
  });
});

describe('the old mobile site\'s query names', () => {
  const read = (path: string, query: string) => wapQuery(path, new URLSearchParams(query))?.toString() ?? null;
  it('read sellerGoodsId on goods detail and sellerId on the shop as the shared pages\' id', () => {
    expect(read('/productDetails', 'sellerGoodsId=g-1&lang=ar')).toBe('lang=ar&id=g-1');
    expect(read('/productdetails', 'sellerGoodsId=g-1')).toBe('id=g-1');
    expect(read('/store', 'sellerId=s-1')).toBe('id=s-1');
  });
  it('leave an explicit id, other pages and plain addresses alone', () => {
    expect(read('/productDetails', 'id=g-2&sellerGoodsId=g-1')).toBe('id=g-2');
    expect(read('/productDetails', 'id=g-2')).toBeNull();
    expect(read('/index', 'sellerGoodsId=g-1')).toBeNull();
    expect(read('/store', 'sellerGoodsId=g-1')).toBeNull();
  });
});
