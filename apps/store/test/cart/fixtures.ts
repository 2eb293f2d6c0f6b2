import type { CartLine } from '@caravan/ui/cart';

let next = 0;
const hex = (n: number) => n.toString(16).padStart(32, '0');

/** A cart line with valid ids; fields can be overridden. */
export function line(overrides: Partial<CartLine> = {}): CartLine {
  next += 1;
  const sellerGoodsId = overrides.sellerGoodsId ?? hex(next);
  const skuId = overrides.skuId ?? hex(next + 1000);
  return {
    key: `${sellerGoodsId}:${skuId}`,
    sellerGoodsId,
    skuId,
    name: `Goods ${next}`,
    checkAttrName: 'Colour: Red',
    image: '/uploads/a.webp',
    price: '10.00',
    originalPrice: '12.00',
    buyMin: 1,
    count: 1,
    checked: true,
    seller: { id: 'seller-a', name: 'Shop A' },
    ...overrides,
  };
}
