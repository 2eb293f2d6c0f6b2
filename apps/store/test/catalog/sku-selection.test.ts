import { describe, expect, it } from 'vitest';
import {
  chooseValue,
  combinesInStock,
  initialSelection,
  isValueInStock,
  missingAttributes,
  selectedSku,
  type SelectableAttribute,
  type Sku,
} from '../../src/features/catalog/sku-selection.ts';

// Colour (red, grey) x Size (S, M, L), as the detail of the seeded sweaters: grey/L is sold out and
// red/L does not exist.
const attributes: SelectableAttribute[] = [
  { attrId: 'colour', attrName: 'Colour', values: [{ valueId: 'red', valueName: 'Red' }, { valueId: 'grey', valueName: 'Grey' }] },
  { attrId: 'size', attrName: 'Size', values: [{ valueId: 's', valueName: 'S' }, { valueId: 'm', valueName: 'M' }, { valueId: 'l', valueName: 'L' }] },
];
const sku = (skuId: string, valueIds: string[], stock: number): Sku => ({ skuId, valueIds, attrText: valueIds.join('/'), sellingPrice: '10.00', stock });
const skus: Sku[] = [sku('rs', ['red', 's'], 0), sku('rm', ['red', 'm'], 5), sku('gs', ['grey', 's'], 3), sku('gm', ['grey', 'm'], 2), sku('gl', ['grey', 'l'], 0)];

describe('selectedSku', () => {
  it('designates the SKU of a complete selection, whatever its stock', () => {
    expect(selectedSku(attributes, skus, { colour: 'grey', size: 'm' })?.skuId).toBe('gm');
    expect(selectedSku(attributes, skus, { colour: 'red', size: 's' })?.skuId).toBe('rs');
  });

  it('designates nothing while incomplete, for a missing combination or an unknown value', () => {
    expect(selectedSku(attributes, skus, { colour: 'grey' })).toBeUndefined();
    expect(selectedSku(attributes, skus, {})).toBeUndefined();
    expect(selectedSku(attributes, skus, { colour: 'red', size: 'l' })).toBeUndefined();
    expect(selectedSku(attributes, skus, { colour: 'blue', size: 's' })).toBeUndefined();
  });

  it('designates the only SKU of goods without attributes, and nothing when there are several', () => {
    expect(selectedSku([], [sku('only', [], 4)], {})?.skuId).toBe('only');
    expect(selectedSku([], [sku('a', [], 1), sku('b', [], 1)], {})).toBeUndefined();
    expect(selectedSku([], [], {})).toBeUndefined();
    // an attribute offering no value cannot be chosen and does not block the choice
    expect(selectedSku([{ attrId: 'x', attrName: 'X', values: [] }], [sku('only', [], 1)], {})?.skuId).toBe('only');
  });
});

describe('availability', () => {
  it('disables only values that no in-stock SKU has', () => {
    expect(isValueInStock(skus, 'red')).toBe(true);
    expect(isValueInStock(skus, 's')).toBe(true);
    expect(isValueInStock(skus, 'l')).toBe(false);
  });

  it('tells whether a value combines with the other choices into an in-stock SKU', () => {
    expect(combinesInStock(attributes, skus, { colour: 'red', size: 'm' }, 'size', 's')).toBe(false);
    expect(combinesInStock(attributes, skus, { colour: 'grey', size: 'm' }, 'size', 's')).toBe(true);
    expect(combinesInStock(attributes, skus, { size: 's' }, 'colour', 'red')).toBe(false);
    expect(combinesInStock(attributes, skus, {}, 'colour', 'red')).toBe(true);
  });
});

describe('chooseValue', () => {
  it('keeps the other choice when the combination exists, even sold out', () => {
    expect(chooseValue(attributes, skus, { colour: 'red', size: 'm' }, 'colour', 'grey')).toEqual({ colour: 'grey', size: 'm' });
    // red/S exists but is sold out: kept (and shown sold out), not silently changed to another size
    expect(chooseValue(attributes, skus, { colour: 'grey', size: 's' }, 'colour', 'red')).toEqual({ colour: 'red', size: 's' });
  });

  it('drops a choice that does not exist with the new value and fills it from an in-stock SKU', () => {
    expect(chooseValue(attributes, skus, { colour: 'grey', size: 'l' }, 'colour', 'red')).toEqual({ colour: 'red', size: 'm' });
  });

  it('leaves a choice open when no in-stock SKU can fill it', () => {
    expect(chooseValue(attributes, skus, { colour: 'red', size: 'm' }, 'size', 'l')).toEqual({ size: 'l' });
  });

  it('fills choices not made yet from the first in-stock SKU with the new value', () => {
    expect(chooseValue(attributes, skus, {}, 'colour', 'grey')).toEqual({ colour: 'grey', size: 's' });
    expect(chooseValue(attributes, skus, {}, 'size', 's')).toEqual({ size: 's', colour: 'grey' });
  });

  it('clears a value picked again and ignores unknown attributes or values', () => {
    const selection = { colour: 'grey', size: 'm' };
    expect(chooseValue(attributes, skus, selection, 'size', 'm')).toEqual({ colour: 'grey' });
    expect(chooseValue(attributes, skus, selection, 'material', 'silk')).toBe(selection);
    expect(chooseValue(attributes, skus, selection, 'size', 'xxl')).toBe(selection);
  });
});

describe('initialSelection and missingAttributes', () => {
  it('starts on the first in-stock SKU', () => {
    expect(initialSelection(attributes, skus)).toEqual({ colour: 'red', size: 'm' });
  });

  it('with nothing in stock, only chooses attributes that offer a single value', () => {
    const soldOut = skus.map((entry) => ({ ...entry, stock: 0 }));
    const single: SelectableAttribute[] = [attributes[1] as SelectableAttribute, { attrId: 'colour', attrName: 'Colour', values: [{ valueId: 'red', valueName: 'Red' }] }];
    expect(initialSelection(attributes, soldOut)).toEqual({});
    expect(initialSelection(single, soldOut)).toEqual({ colour: 'red' });
  });

  it('names the attributes still to choose', () => {
    expect(missingAttributes(attributes, { colour: 'red' }).map((entry) => entry.attrName)).toEqual(['Size']);
    expect(missingAttributes(attributes, { colour: 'red', size: 's' })).toEqual([]);
  });
});
