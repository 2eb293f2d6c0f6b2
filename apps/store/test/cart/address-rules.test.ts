import { describe, expect, it } from 'vitest';
import {
  addressParams,
  addressValues,
  defaultAddress,
  serverErrorField,
  validateAddress,
  validateAddressField,
  type AddressRecord,
  type AddressValues,
} from '../../src/components/address-api.ts';

const all = { states: true, cities: true };
const valid: AddressValues = {
  contacts: 'Mei Chen',
  phone: '+1 718 555 0199',
  email: 'mei@example.com',
  countryId: 233,
  provinceId: 1452,
  cityId: 112872,
  postcode: '11201',
  address: '200 Atlantic Ave',
  use: true,
};

const errorOf = (values: AddressValues, field: Parameters<typeof validateAddressField>[0], needs = all) => validateAddressField(field, { ...valid, ...values }, needs)?.key;

describe('validateAddress', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(valid, all)).toEqual({});
  });

  it('requires recipient, phone, country, state, city and street', () => {
    const errors = validateAddress({}, all);
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.key]))).toEqual({
      contacts: 'errors.contactsRequired',
      phone: 'errors.phoneRequired',
      countryId: 'errors.countryRequired',
      provinceId: 'errors.stateRequired',
      cityId: 'errors.cityNeedsState',
      address: 'errors.addressRequired',
    });
  });

  it('treats blanks as empty', () => {
    expect(errorOf({ contacts: '   ' }, 'contacts')).toBe('errors.contactsRequired');
    expect(errorOf({ address: '\n' }, 'address')).toBe('errors.addressRequired');
  });

  it('limits the recipient to 64 characters and the street to 255', () => {
    expect(errorOf({ contacts: 'a'.repeat(64) }, 'contacts')).toBeUndefined();
    expect(errorOf({ contacts: 'a'.repeat(65) }, 'contacts')).toBe('errors.contactsTooLong');
    // characters, not UTF-16 units
    expect(errorOf({ contacts: '😀'.repeat(64) }, 'contacts')).toBeUndefined();
    expect(errorOf({ address: 'x'.repeat(255) }, 'address')).toBeUndefined();
    expect(validateAddressField('address', { ...valid, address: 'x'.repeat(256) }, all)).toEqual({ key: 'errors.addressTooLong', values: { max: 255 } });
  });

  it('wants a valid phone with at least 8 digits', () => {
    expect(errorOf({ phone: '12345678' }, 'phone')).toBeUndefined();
    expect(errorOf({ phone: '(020) 7946-0958' }, 'phone')).toBeUndefined();
    for (const phone of ['1234567', '+1 234 56', 'call me', '12345678x', '++12345678', '1'.repeat(33)]) {
      expect(errorOf({ phone }, 'phone')).toBe('errors.phoneInvalid');
    }
  });

  it('checks an e-mail only when given', () => {
    expect(errorOf({ email: '' }, 'email')).toBeUndefined();
    expect(errorOf({ email: 'no-at-sign' }, 'email')).toBe('errors.emailInvalid');
    expect(errorOf({ email: 'a@b' }, 'email')).toBe('errors.emailInvalid');
    expect(errorOf({ email: `${'a'.repeat(60)}@b.com` }, 'email')).toBe('errors.emailTooLong');
  });

  it('wants more than 4 postcode characters, at most 32, when a postcode is given', () => {
    expect(errorOf({ postcode: '' }, 'postcode')).toBeUndefined();
    expect(errorOf({ postcode: '12345' }, 'postcode')).toBeUndefined();
    expect(errorOf({ postcode: 'SW1A 1AA' }, 'postcode')).toBeUndefined();
    expect(errorOf({ postcode: '1234' }, 'postcode')).toBe('errors.postcodeInvalid');
    expect(errorOf({ postcode: '12-34' }, 'postcode')).toBe('errors.postcodeInvalid');
    expect(errorOf({ postcode: '12#456' }, 'postcode')).toBe('errors.postcodeInvalid');
    expect(errorOf({ postcode: '1'.repeat(33) }, 'postcode')).toBe('errors.postcodeTooLong');
  });

  it('asks for country and state before the city', () => {
    expect(errorOf({ countryId: undefined, provinceId: undefined, cityId: undefined }, 'cityId')).toBe('errors.cityNeedsState');
    expect(errorOf({ provinceId: undefined, cityId: undefined }, 'cityId')).toBe('errors.cityNeedsState');
    expect(errorOf({ cityId: undefined }, 'cityId')).toBe('errors.cityRequired');
    expect(errorOf({ countryId: 0 }, 'countryId')).toBe('errors.countryRequired');
    expect(errorOf({ countryId: 1.5 }, 'countryId')).toBe('errors.countryRequired');
  });

  it('does not require a state or city where the place has none', () => {
    const noStates = { states: false, cities: false };
    expect(validateAddress({ ...valid, provinceId: undefined, cityId: undefined }, noStates)).toEqual({});
    const noCities = { states: true, cities: false };
    expect(validateAddress({ ...valid, cityId: undefined }, noCities)).toEqual({});
  });
});

describe('addressParams', () => {
  it('sends trimmed fields, ids, names and the default flag as 1/0', () => {
    const params = addressParams({ ...valid, contacts: '  Mei Chen ' }, { country: 'United States', province: 'New York', city: 'Brooklyn' });
    expect(params).toEqual({
      contacts: 'Mei Chen',
      phone: '+1 718 555 0199',
      email: 'mei@example.com',
      postcode: '11201',
      address: '200 Atlantic Ave',
      countryId: 233,
      provinceId: 1452,
      cityId: 112872,
      country: 'United States',
      province: 'New York',
      city: 'Brooklyn',
      use: '1',
    });
    expect('id' in params).toBe(false);
  });

  it('adds the id for an edit and leaves out unchosen places', () => {
    const params = addressParams({ ...valid, provinceId: undefined, cityId: 0, use: false }, {}, 'abc');
    expect(params).toMatchObject({ id: 'abc', provinceId: undefined, cityId: undefined, use: '0', country: '' });
  });
});

describe('defaultAddress and server errors', () => {
  const record = (id: string, use: number): AddressRecord => ({
    id,
    use,
    contacts: '',
    phone: '',
    email: '',
    address: '',
    postcode: '',
    country: '',
    province: '',
    city: '',
    countryId: 0,
    provinceId: 0,
    cityId: 0,
  });

  it('turns a stored address into the form values: unset ids (0) empty, the default flag a boolean', () => {
    const stored = { ...record('a', 1), contacts: 'Mei Chen', phone: '+1 718 555 0199', countryId: 233, provinceId: 1452, cityId: 0, postcode: '11201', address: '200 Atlantic Ave' };
    expect(addressValues(stored)).toEqual({
      contacts: 'Mei Chen',
      phone: '+1 718 555 0199',
      email: '',
      countryId: 233,
      provinceId: 1452,
      cityId: undefined,
      postcode: '11201',
      address: '200 Atlantic Ave',
      use: true,
    });
    expect(addressValues(record('b', 0)).use).toBe(false);
  });

  it('picks use = 1, else the first, else nothing', () => {
    expect(defaultAddress([record('a', 0), record('b', 1)])?.id).toBe('b');
    expect(defaultAddress([record('a', 0), record('b', 0)])?.id).toBe('a');
    expect(defaultAddress([])).toBeUndefined();
  });

  it('puts a server refusal under its field', () => {
    expect(serverErrorField('addresses.phone_invalid')).toBe('phone');
    expect(serverErrorField('addresses.state_required')).toBe('provinceId');
    expect(serverErrorField('addresses.limit_reached')).toBeUndefined();
    expect(serverErrorField(undefined)).toBeUndefined();
  });
});
