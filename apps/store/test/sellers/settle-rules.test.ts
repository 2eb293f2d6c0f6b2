import { describe, expect, it } from 'vitest';
import { MAX_SELLER_DOCUMENTS, SHOP_DESCRIPTION_MAX, SHOP_NAME_MAX } from '@caravan/contract/sellers';
import {
  checkSettleField,
  DESCRIPTION_MAX,
  MAX_DOCUMENTS,
  settleParams,
  settleViewOf,
  SHOP_NAME_MAX as STORE_SHOP_NAME_MAX,
  valuesFromApplication,
  type SettleValues,
} from '../../src/features/sellers/settle-rules.ts';

const complete: SettleValues = {
  shopName: ' Sunny Goods ',
  logo: ['/uploads/logo.png'],
  contactName: 'Ana',
  phone: '+63 917 555 0101',
  email: 'ana@example.com',
  countryId: 7,
  description: 'Kitchenware from Cebu',
  documents: ['/uploads/a.png', '/uploads/b.png'],
};

describe('settle-in form rules', () => {
  it('keeps the contract limits', () => {
    expect(STORE_SHOP_NAME_MAX).toBe(SHOP_NAME_MAX);
    expect(DESCRIPTION_MAX).toBe(SHOP_DESCRIPTION_MAX);
    expect(MAX_DOCUMENTS).toBe(MAX_SELLER_DOCUMENTS);
  });

  it('sends trimmed values, the logo and the documents as a comma list', () => {
    expect(settleParams(complete)).toEqual({
      ok: true,
      params: {
        shopName: 'Sunny Goods',
        logo: '/uploads/logo.png',
        contactName: 'Ana',
        phone: '+63 917 555 0101',
        email: 'ana@example.com',
        countryId: 7,
        description: 'Kitchenware from Cebu',
        documents: '/uploads/a.png,/uploads/b.png',
      },
    });
  });

  it('names the first problem in the form order', () => {
    expect(settleParams({ ...complete, shopName: '  ' })).toEqual({ ok: false, field: 'shopName', problem: 'required' });
    expect(settleParams({ ...complete, logo: [] })).toEqual({ ok: false, field: 'logo', problem: 'required' });
    expect(settleParams({ ...complete, email: 'ana@' })).toEqual({ ok: false, field: 'email', problem: 'invalid' });
    expect(settleParams({ ...complete, countryId: undefined })).toEqual({ ok: false, field: 'countryId', problem: 'required' });
  });

  it('checks lengths at the boundary, counting characters as the server does', () => {
    expect(checkSettleField('shopName', { shopName: '店'.repeat(SHOP_NAME_MAX) })).toBeUndefined();
    expect(checkSettleField('shopName', { shopName: '店'.repeat(SHOP_NAME_MAX + 1) })).toBe('tooLong');
    expect(checkSettleField('description', { description: '😀'.repeat(DESCRIPTION_MAX) })).toBeUndefined();
    expect(checkSettleField('description', { description: 'x'.repeat(DESCRIPTION_MAX + 1) })).toBe('tooLong');
  });

  it('wants 1 to 6 documents', () => {
    expect(checkSettleField('documents', { documents: [] })).toBe('required');
    expect(checkSettleField('documents', { documents: Array.from({ length: MAX_DOCUMENTS }, (_, i) => `/u/${i}.png`) })).toBeUndefined();
    expect(checkSettleField('documents', { documents: Array.from({ length: MAX_DOCUMENTS + 1 }, (_, i) => `/u/${i}.png`) })).toBe('tooMany');
  });

  it('wants a phone number with at least 6 digits', () => {
    expect(checkSettleField('phone', { phone: '12345' })).toBe('invalid');
    expect(checkSettleField('phone', { phone: '(02) 8123' })).toBeUndefined();
    expect(checkSettleField('phone', { phone: '12-34-ab' })).toBe('invalid');
  });

  it('picks the view from merchantSettled!get', () => {
    expect(settleViewOf({ isSeller: true, application: { state: 'approved' } })).toBe('seller');
    expect(settleViewOf({ isSeller: false, application: { state: 'pending' } })).toBe('pending');
    expect(settleViewOf({ isSeller: false, application: { state: 'rejected' } })).toBe('rejected');
    expect(settleViewOf({ isSeller: false, application: null })).toBe('form');
  });

  it('prefills the form from a rejected application', () => {
    const values = valuesFromApplication({
      id: '1', shopName: 'Old', logo: '/l.png', contactName: 'Ana', phone: '123456', email: 'a@b.co', countryId: 3,
      description: 'd', documents: ['/a.png'], state: 'rejected', reason: 'blurry', createTime: '', reviewTime: '',
    });
    expect(values).toEqual({ shopName: 'Old', logo: ['/l.png'], contactName: 'Ana', phone: '123456', email: 'a@b.co', countryId: 3, description: 'd', documents: ['/a.png'] });
  });
});
