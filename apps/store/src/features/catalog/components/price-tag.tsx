import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import { crossedOutPrice, payPrice } from '../goods-price.ts';

/** The price to pay and, while a discount runs, the crossed-out selling price. */
export function PriceTag({ item, size = 'normal' }: { item: { sellingPrice: string; discountPrice?: string | undefined }; size?: 'normal' | 'large' }) {
  const { t } = useTranslation('catalog');
  const original = crossedOutPrice(item);
  return (
    <p className={`catalog-price catalog-price-${size}`}>
      <span className="catalog-visually-hidden">{t('price.now')}</span>
      <Amount className="catalog-price-now" value={payPrice(item)} unit="USDT" />
      {original && (
        <>
          {' '}
          <span className="catalog-visually-hidden">{t('price.original')}</span>
          <del className="catalog-price-was">
            <Amount value={original} unit="USDT" />
          </del>
        </>
      )}
    </p>
  );
}
