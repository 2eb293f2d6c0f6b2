import { Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseValue, combinesInStock, isValueInStock, type SelectableAttribute, type Sku, type SkuSelection } from '../sku-selection.ts';

function AttributeChoice({
  attribute,
  attributes,
  skus,
  selection,
  onChange,
}: {
  attribute: SelectableAttribute;
  attributes: SelectableAttribute[];
  skus: Sku[];
  selection: SkuSelection;
  onChange: (selection: SkuSelection) => void;
}) {
  const { t } = useTranslation('catalog');
  const labelId = useId();
  return (
    <div className="catalog-sku-row">
      <span id={labelId} className="catalog-field-label">
        {attribute.attrName}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        value={selection[attribute.attrId]}
        onChange={(event) => onChange(chooseValue(attributes, skus, selection, attribute.attrId, String(event.target.value)))}
        options={attribute.values.map((value) => {
          const available = isValueInStock(skus, value.valueId);
          // in stock somewhere, but not with the other choices: selectable (the rest is kept), marked
          const combines = !available || combinesInStock(attributes, skus, selection, attribute.attrId, value.valueId);
          return {
            value: value.valueId,
            disabled: !available,
            label: combines ? (
              value.valueName
            ) : (
              <span className="catalog-sku-sold-out">
                {value.valueName}
                <span className="catalog-visually-hidden"> {t('detail.soldOutWithChoice')}</span>
              </span>
            ),
          };
        })}
      />
    </div>
  );
}

/** One group of choices per attribute (names and values come translated from the server). */
export function SkuPicker({ attributes, skus, selection, onChange }: { attributes: SelectableAttribute[]; skus: Sku[]; selection: SkuSelection; onChange: (selection: SkuSelection) => void }) {
  const open = attributes.filter((attribute) => attribute.values.length > 0);
  if (open.length === 0) return null;
  return (
    <div className="catalog-sku-picker">
      {open.map((attribute) => (
        <AttributeChoice key={attribute.attrId} attribute={attribute} attributes={attributes} skus={skus} selection={selection} onChange={onChange} />
      ))}
    </div>
  );
}
