// Bank-card deposits (bankCardRecharge!recharge): the card number is 12 to 19 digits passing the Luhn
// check, as the server requires. Spaces and dashes typed for readability are ignored.

export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const BANK_NAME_MAX_LENGTH = 100;

export type CardNumberCheck = 'ok' | 'empty' | 'malformed' | 'checksum';

export function normalizeCardNumber(text: string | null | undefined): string {
  return (text ?? '').replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) checksum over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function checkCardNumber(text: string | null | undefined): CardNumberCheck {
  const digits = normalizeCardNumber(text);
  if (digits.length === 0) return 'empty';
  if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS) return 'malformed';
  return passesLuhn(digits) ? 'ok' : 'checksum';
}
