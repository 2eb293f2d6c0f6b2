import { describe, expect, it } from 'vitest';
import { editDistance, SearchVocabulary } from '../../src/modules/catalog/search-vocabulary.ts';
import { SuggestionIndex } from '../../src/modules/catalog/suggestion-index.ts';

// Typo correction (search-vocabulary.ts): each unknown Latin word of three letters or more becomes the
// closest word of the vocabulary within one edit (up to 4 letters) or two (longer), ties going to the
// same first letter, then to the commoner word.

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions, and stops past the cap', () => {
    expect(editDistance('shirt', 'shirt', 2)).toBe(0);
    expect(editDistance('shirt', 'sihrt', 2)).toBe(1);
    expect(editDistance('shirt', 'shirts', 2)).toBe(1);
    expect(editDistance('shirt', 'shrt', 2)).toBe(1);
    expect(editDistance('shirt', 'skirt', 2)).toBe(1);
    expect(editDistance('shirt', 'short', 2)).toBe(1);
    expect(editDistance('kettle', 'ketlte', 2)).toBe(1);
    expect(editDistance('cotton', 'cttn', 2)).toBe(2);
    // past the cap: cap + 1, whatever the true distance
    expect(editDistance('cotton', 'lamp', 2)).toBe(3);
    expect(editDistance('abcdef', 'ab', 1)).toBe(2);
  });
});

describe('SearchVocabulary', () => {
  const vocabulary = new SearchVocabulary([
    ['shirt', 40],
    ['skirt', 90],
    ['short', 10],
    ['cotton', 25],
    ['kettle', 5],
    ['lamp', 12],
    ['camp', 30],
    // not Latin, or too short: never proposed
    ['连衣裙', 500],
    ['usb2', 500],
    ['ox', 500],
  ]);

  it('keeps the Latin words of three letters or more', () => {
    expect(vocabulary.size).toBe(7);
  });

  it('corrects each unknown word to the closest known one and leaves known words and the rest of the keyword as typed', () => {
    expect(vocabulary.correct('cottn')).toBe('cotton');
    expect(vocabulary.correct('Blue KETLTE 连衣裙')).toBe('Blue kettle 连衣裙');
    expect(vocabulary.correct('shirt cotonn')).toBe('shirt cotton');
  });

  it('answers undefined when nothing was corrected: known words, no Latin word, or nothing close enough', () => {
    expect(vocabulary.correct('shirt cotton')).toBeUndefined();
    expect(vocabulary.correct('连衣裙')).toBeUndefined();
    expect(vocabulary.correct('zzzzzzzz')).toBeUndefined();
    // four letters allow one edit: "lxmq" is two from "lamp"
    expect(vocabulary.correct('lxmq')).toBeUndefined();
    // five letters allow two: "shxrq" is two from "shirt" (and from "short")
    expect(vocabulary.correct('shxrq')).toBeDefined();
  });

  it('at equal distance prefers the same first letter, then the commoner word', () => {
    // "damp" is one from "lamp" and "camp": neither starts with d, so the commoner (camp, 30) wins
    expect(vocabulary.correct('damp')).toBe('camp');
    // "lcamp" is one from "lamp" and "camp": the one starting with l wins though camp is commoner
    expect(vocabulary.correct('lcamp')).toBe('lamp');
    // "lamq" is one from "lamp", two from the commoner "camp"; "camq" the other way round: the closer wins
    expect(vocabulary.correct('lamq')).toBe('lamp');
    expect(vocabulary.correct('camq')).toBe('camp');
    // "sxirt" is one from "shirt" and "skirt" (both s): the commoner, skirt (90)
    expect(vocabulary.correct('sxirt')).toBe('skirt');
    // "xhirt" is one from "shirt" only
    expect(vocabulary.correct('xhirt')).toBe('shirt');
  });

  it('compares words of any length the edits can reach: longer and shorter than the typo', () => {
    expect(vocabulary.correct('shrt')).toBe('shirt');
    expect(vocabulary.correct('cottonns')).toBe('cotton');
    expect(vocabulary.correct('kettleee')).toBe('kettle');
    expect(vocabulary.correct('kettleeee')).toBeUndefined();
  });
});

describe('SuggestionIndex.vocabulary', () => {
  it('holds the Latin words of the indexed goods, each as common as the goods that have it', async () => {
    const index = await SuggestionIndex.build([
      { goods_id: 'a', sold_num: 3, listing_id: 'la', tokens: 'skirt blue 连衣裙' },
      { goods_id: 'b', sold_num: 2, listing_id: 'lb', tokens: 'skirt red' },
      { goods_id: 'c', sold_num: 1, listing_id: 'lc', tokens: 'shirt shirt blue' },
    ]);
    const vocabulary = index.vocabulary();
    // blue, red, shirt, skirt
    expect(vocabulary.size).toBe(4);
    expect(index.vocabulary()).toBe(vocabulary);
    // "sxirt": one edit from shirt (1 good) and skirt (2 goods)
    expect(vocabulary.correct('sxirt')).toBe('skirt');
    expect(vocabulary.correct('bleu')).toBe('blue');
    expect(vocabulary.correct('rde')).toBe('red');
  });
});
