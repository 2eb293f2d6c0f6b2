import type { SellerVo } from '../types.ts';
import { ShopCard } from './shop-card.tsx';

export function ShopGrid({ shops, headingLevel = 3 }: { shops: SellerVo[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="catalog-grid catalog-grid-shop">
      {shops.map((shop) => (
        <li key={shop.id}>
          <ShopCard shop={shop} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
