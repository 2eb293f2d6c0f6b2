// Choosing a variant (SKU) on the goods detail. The detail lists the attributes to choose from
// (canSelectAttributes: Colour, Size ...) and the SKUs, each the set of value ids it is made of, with
// its price and stock. A selection maps an attribute to one of its values; it designates a SKU once
// every attribute has a value. Values no in-stock SKU has are disabled; values that are sold out with
// the other choices stay selectable but are marked, and picking one never silently changes the rest.

export interface SelectableAttribute {
  attrId: string;
  attrName: string;
  values: { valueId: string; valueName: string }[];
}

export interface Sku {
  skuId: string;
  valueIds: string[];
  attrText: string;
  sellingPrice: string;
  discountPrice?: string | undefined;
  stock: number;
}

/** attrId -> chosen valueId */
export type SkuSelection = Readonly<Record<string, string>>;

/** Attributes that offer at least one value (an empty attribute cannot be chosen and is ignored). */
function choosable(attributes: readonly SelectableAttribute[]): SelectableAttribute[] {
  return attributes.filter((attribute) => attribute.values.length > 0);
}

function attributeOf(attributes: readonly SelectableAttribute[], valueId: string): string | undefined {
  return attributes.find((attribute) => attribute.values.some((value) => value.valueId === valueId))?.attrId;
}

/** Whether a SKU agrees with every choice in the selection (ignoring one attribute, when given). */
function matches(sku: Sku, selection: SkuSelection, attributes: readonly SelectableAttribute[], ignore?: string): boolean {
  for (const [attrId, valueId] of Object.entries(selection)) {
    if (attrId === ignore) continue;
    if (!attributes.some((attribute) => attribute.attrId === attrId)) continue;
    if (!sku.valueIds.includes(valueId)) return false;
  }
  return true;
}

export function inStock(sku: Sku): boolean {
  return Number.isInteger(sku.stock) && sku.stock > 0;
}

/**
 * The SKU the selection designates, once every choosable attribute has a value. Goods without
 * attributes and a single SKU designate that SKU. Undefined while incomplete or when no SKU has
 * exactly that combination.
 */
export function selectedSku(attributes: readonly SelectableAttribute[], skus: readonly Sku[], selection: SkuSelection): Sku | undefined {
  const open = choosable(attributes);
  if (open.length === 0) return skus.length === 1 ? skus[0] : undefined;
  const chosen: string[] = [];
  for (const attribute of open) {
    const valueId = selection[attribute.attrId];
    if (!valueId || !attribute.values.some((value) => value.valueId === valueId)) return undefined;
    chosen.push(valueId);
  }
  return skus.find((sku) => chosen.every((valueId) => sku.valueIds.includes(valueId)) && sku.valueIds.filter((id) => attributeOf(open, id)).length === chosen.length);
}

/** Whether any in-stock SKU has this value (values that never are in stock are shown disabled). */
export function isValueInStock(skus: readonly Sku[], valueId: string): boolean {
  return skus.some((sku) => inStock(sku) && sku.valueIds.includes(valueId));
}

/** Whether this value combines with the other choices into an in-stock SKU. */
export function combinesInStock(attributes: readonly SelectableAttribute[], skus: readonly Sku[], selection: SkuSelection, attrId: string, valueId: string): boolean {
  return skus.some((sku) => inStock(sku) && sku.valueIds.includes(valueId) && matches(sku, selection, attributes, attrId));
}

/**
 * Picking a value. Picking the chosen value again clears it. Otherwise the buyer's other choices are
 * kept while some SKU has that combination (even a sold-out one: it is shown as sold out rather than
 * silently changed) and dropped when none does; attributes then left without a value take the value
 * of the first in-stock SKU agreeing with the choices, so a price shows whenever possible. Unknown
 * attributes or values change nothing.
 */
export function chooseValue(
  attributes: readonly SelectableAttribute[],
  skus: readonly Sku[],
  selection: SkuSelection,
  attrId: string,
  valueId: string,
): SkuSelection {
  const open = choosable(attributes);
  const attribute = open.find((candidate) => candidate.attrId === attrId);
  if (!attribute || !attribute.values.some((value) => value.valueId === valueId)) return selection;
  if (selection[attrId] === valueId) {
    const rest: Record<string, string> = { ...selection };
    delete rest[attrId];
    return rest;
  }
  const next: Record<string, string> = { [attrId]: valueId };
  for (const other of open) {
    if (other.attrId === attrId) continue;
    const kept = selection[other.attrId];
    if (kept && skus.some((sku) => matches(sku, { ...next, [other.attrId]: kept }, attributes))) next[other.attrId] = kept;
  }
  const fill = skus.find((sku) => inStock(sku) && matches(sku, next, attributes));
  for (const other of open) {
    if (next[other.attrId]) continue;
    const fromSku = fill?.valueIds.find((id) => other.values.some((value) => value.valueId === id));
    if (fromSku) next[other.attrId] = fromSku;
  }
  return next;
}

/**
 * The starting selection: the values of the first in-stock SKU, so a price and a stock show at once.
 * With nothing in stock, only attributes offering a single value are chosen.
 */
export function initialSelection(attributes: readonly SelectableAttribute[], skus: readonly Sku[]): SkuSelection {
  const open = choosable(attributes);
  const first = skus.find(inStock);
  const selection: Record<string, string> = {};
  for (const attribute of open) {
    const fromSku = first?.valueIds.find((valueId) => attribute.values.some((value) => value.valueId === valueId));
    if (fromSku) selection[attribute.attrId] = fromSku;
    else if (!first && attribute.values.length === 1 && attribute.values[0]) selection[attribute.attrId] = attribute.values[0].valueId;
  }
  return selection;
}

/** Attributes still without a value (their names, for the "please choose" hint). */
export function missingAttributes(attributes: readonly SelectableAttribute[], selection: SkuSelection): SelectableAttribute[] {
  return choosable(attributes).filter((attribute) => !selection[attribute.attrId]);
}
