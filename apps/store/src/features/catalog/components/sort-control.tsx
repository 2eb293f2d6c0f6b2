import { Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GOODS_SORTS, type GoodsSort } from '../listing-filters.ts';

/** Sort order of a goods listing: as the server ranks them, or by price either way. */
export function SortControl({ value, onChange }: { value: GoodsSort; onChange: (sort: GoodsSort) => void }) {
  const { t } = useTranslation('catalog');
  const labelId = useId();
  return (
    <div className="catalog-toolbar-group">
      <span id={labelId} className="catalog-toolbar-label">
        {t('sort.label')}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        size="small"
        value={value}
        onChange={(event) => onChange(event.target.value as GoodsSort)}
        options={GOODS_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
      />
    </div>
  );
}
