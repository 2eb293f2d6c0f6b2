import { KYC_ADDRESS_MAX, KYC_CITY_MAX, KYC_DOCUMENT_NUMBER_PATTERN, KYC_DOCUMENT_TYPES, KYC_NAME_MAX, KYC_POSTCODE_PATTERN, KYC_UPLOAD_MODULE, type KycRecord } from '@caravan/contract/kyc';
import { describe, expect, it } from 'vitest';
import { kycPrefill } from '../../src/features/credit/credit-rules.ts';
import {
  ADDRESS_MAX,
  advancedParams,
  checkAdvancedField,
  checkRealNameField,
  CITY_MAX,
  DOCUMENT_TYPES,
  KYC_UPLOAD_MODULE as STORE_UPLOAD_MODULE,
  kycViewOf,
  maskDocumentNumber,
  NAME_MAX,
  realNameParams,
  valuesFromAdvanced,
  valuesFromKyc,
  type RealNameValues,
} from '../../src/features/kyc/kyc-rules.ts';

const complete: RealNameValues = {
  name: '  Amina Yusuf ',
  nationality: 233,
  idname: 'passport',
  idnumber: ' P1234567 ',
  front: ['/uploads/private/a.png?sig'],
  back: ['/uploads/private/b.png?sig'],
  hand: ['/uploads/private/c.png?sig'],
};

const record: KycRecord = {
  id: 'k1',
  status: 3,
  msg: 'blurred',
  createTime: '2026-01-15 12:00:00',
  reviewTime: '2026-01-15 13:00:00',
  name: 'Amina Yusuf',
  nationality: '233',
  nationalityName: 'United States',
  idname: 'passport',
  idnumber: 'P1234567',
  idimg_1: '/uploads/private/a.png?x',
  idimg_2: '/uploads/private/b.png?x',
  idimg_3: '',
};

describe('kyc rules (store copy of the contract)', () => {
  it('keeps the contract limits, document types and upload module', () => {
    expect(NAME_MAX).toBe(KYC_NAME_MAX);
    expect(ADDRESS_MAX).toBe(KYC_ADDRESS_MAX);
    expect(CITY_MAX).toBe(KYC_CITY_MAX);
    expect([...DOCUMENT_TYPES]).toEqual([...KYC_DOCUMENT_TYPES]);
    expect(STORE_UPLOAD_MODULE).toBe(KYC_UPLOAD_MODULE);
    for (const number of ['P123', 'AB-1234-56', '12', 'x'.repeat(41), 'P 1234', 'P<1234>']) {
      expect({ number, ok: checkRealNameField('idnumber', { idnumber: number }) === undefined }).toEqual({ number, ok: KYC_DOCUMENT_NUMBER_PATTERN.test(number) });
    }
    for (const postcode of ['LS1 4AP', '12345', '#', 'x'.repeat(13)]) {
      expect({ postcode, ok: checkAdvancedField('postcode', { postcode }) === undefined }).toEqual({ postcode, ok: KYC_POSTCODE_PATTERN.test(postcode) });
    }
  });

  it('checks each real-name field at its boundary and builds the call parameters', () => {
    expect(checkRealNameField('name', { name: '   ' })).toBe('required');
    expect(checkRealNameField('name', { name: 'x'.repeat(NAME_MAX) })).toBeUndefined();
    expect(checkRealNameField('name', { name: 'x'.repeat(NAME_MAX + 1) })).toBe('tooLong');
    expect(checkRealNameField('idname', { idname: 'library_card' })).toBe('invalid');
    expect(checkRealNameField('front', { front: [] })).toBe('required');
    expect(realNameParams({ ...complete, hand: [] })).toEqual({ ok: false });
    expect(realNameParams(complete)).toEqual({
      ok: true,
      params: { name: 'Amina Yusuf', nationality: 233, idname: 'passport', idnumber: 'P1234567', idimg_1: complete.front?.[0], idimg_2: complete.back?.[0], idimg_3: complete.hand?.[0] },
    });
  });

  it('checks the advanced form and sends one or two proof pictures', () => {
    expect(checkAdvancedField('proof', { proof: ['a', 'b', 'c'] })).toBe('invalid');
    expect(checkAdvancedField('city', { city: 'x'.repeat(CITY_MAX + 1) })).toBe('tooLong');
    expect(advancedParams({ address: ' 12 Harbour St ', city: 'Leeds', postcode: '', proof: ['a'] })).toEqual({ ok: true, params: { address: '12 Harbour St', city: 'Leeds', idimg_1: 'a' } });
    expect(advancedParams({ address: 'x', city: 'y', postcode: 'LS1', proof: ['a', 'b'] })).toEqual({ ok: true, params: { address: 'x', city: 'y', postcode: 'LS1', idimg_1: 'a', idimg_2: 'b' } });
  });

  it('maps the legacy status numbers, prefills a re-submission and masks the document number', () => {
    expect([0, 1, 2, 3, 9].map(kycViewOf)).toEqual(['form', 'pending', 'passed', 'rejected', 'form']);
    expect(valuesFromKyc(record)).toEqual({ name: 'Amina Yusuf', nationality: 233, idname: 'passport', idnumber: 'P1234567', front: [record.idimg_1], back: [record.idimg_2], hand: [] });
    expect(valuesFromKyc({ ...record, status: 0 })).toEqual({});
    expect(valuesFromAdvanced(undefined)).toEqual({});
    expect(maskDocumentNumber('P1234567')).toBe('****4567');
    expect(maskDocumentNumber('AB1')).toBe('***');
  });

  it('prefills a loan application only from a passed real-name check', () => {
    expect(kycPrefill({ ...record, status: 2 })).toEqual({ realName: 'Amina Yusuf', identification: 'P1234567', countryId: 233 });
    expect(kycPrefill(record)).toEqual({});
    expect(kycPrefill(undefined)).toEqual({});
  });
});
