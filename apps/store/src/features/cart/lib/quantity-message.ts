// A refused quantity, as a message key of the `cart` namespace with its values.
import type { CartFailure } from '@caravan/ui/cart';

export interface Message {
  key: string;
  values: Record<string, number>;
}

export function quantityMessage(reason: CartFailure, buyMin: number, maxPerOrder: number): Message {
  switch (reason) {
    case 'quantity_below_min':
      return { key: 'quantity.belowMin', values: { min: Math.max(buyMin, 1) } };
    case 'quantity_above_max':
      return { key: 'quantity.aboveMax', values: { max: maxPerOrder } };
    case 'already_in_cart':
      return { key: 'quantity.alreadyInCart', values: {} };
    case 'quantity_invalid':
      return { key: 'quantity.invalid', values: {} };
  }
}

/** The stepper's text as a quantity: a whole number, or NaN (checkQuantity then refuses it). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
