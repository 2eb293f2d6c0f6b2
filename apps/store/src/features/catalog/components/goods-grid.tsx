import type { GoodsVo } from '../types.ts';
import { GoodsCard } from './goods-card.tsx';

export function GoodsGrid({ goods, headingLevel = 3, showShop = true }: { goods: GoodsVo[]; headingLevel?: 2 | 3; showShop?: boolean }) {
  return (
    <ul className="catalog-grid catalog-grid-goods">
      {goods.map((item) => (
        <li key={item.id}>
          <GoodsCard goods={item} headingLevel={headingLevel} showShop={showShop} />
        </li>
      ))}
    </ul>
  );
}
