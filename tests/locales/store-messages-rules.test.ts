import { describe, expect, it } from 'vitest';
import { compareWithEnglish, copiesOfEnglish, expectedKeys, flatten, needsTranslation, placeholders } from './support/store-messages.ts';

// The checks of store-messages.test.ts on small examples: each kind of mistake is found and named.

const english = flatten({
  title: 'Cart',
  greeting: 'Hello {{name}}',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  wallets: { binance: 'Binance' },
  rich: 'Read the <1>terms</1>',
}).messages;

describe('store message rules', () => {
  it('flattens nested keys and reports leaves that are not strings', () => {
    expect(flatten({ a: { b: 'x', c: ['y'] }, d: 1 })).toEqual({ messages: { 'a.b': 'x' }, problems: ['a.c is an array, not a string', 'd is number, not a string'] });
  });

  it('expects the plural forms of each language', () => {
    expect([...expectedKeys(english, 'ja')].filter((key) => key.startsWith('items')).sort()).toEqual(['items_other']);
    expect([...expectedKeys(english, 'ar')].filter((key) => key.startsWith('items')).sort()).toEqual(
      ['items_few', 'items_many', 'items_one', 'items_other', 'items_two', 'items_zero'],
    );
    expect([...expectedKeys(english, 'fr')].filter((key) => key.startsWith('items')).sort()).toEqual(['items_many', 'items_one', 'items_other']);
  });

  it('names missing, extra and empty keys and placeholder mismatches', () => {
    const japanese = { title: 'カート', greeting: 'こんにちは {{user}}', items_other: '{{count}} 点', 'wallets.binance': 'Binance', rich: '', stray: 'x' };
    expect(compareWithEnglish(english, japanese, 'ja')).toEqual({
      missing: [],
      extra: ['stray'],
      empty: ['rich'],
      placeholderMismatches: ['greeting: {{user}} vs English {{name}}'],
    });
    expect(compareWithEnglish(english, { title: 'Panier' }, 'fr').missing).toEqual(['greeting', 'items_many', 'items_one', 'items_other', 'rich', 'wallets.binance']);
  });

  it('reads interpolations, nestings and Trans tags as placeholders', () => {
    expect(placeholders('{{count, number}} of {{- total}} $t(common:unit) <1>more</1> <br/>')).toEqual(['$t(common:unit)', '<1>', '<br>', '{{count}}', '{{total}}']);
  });

  it('counts copies of English only among values that need translating', () => {
    expect(needsTranslation('{{amount}} USDT')).toBe(false);
    expect(needsTranslation('Binance')).toBe(false);
    expect(needsTranslation('12 / 24')).toBe(false);
    expect(needsTranslation('Pay {{amount}} USDT')).toBe(true);
    const copied = { title: 'Cart', greeting: 'Bonjour {{name}}', items_one: '{{count}} article', items_other: '{{count}} items', 'wallets.binance': 'Binance', rich: 'Lire les <1>conditions</1>' };
    expect(copiesOfEnglish(english, copied)).toEqual({ copies: ['items_other', 'title'], translatable: 5 });
  });
});
