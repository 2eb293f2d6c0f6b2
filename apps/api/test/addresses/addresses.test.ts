import { addresses } from '@caravan/db/schema/addresses';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp, type TestUser } from '../support/test-app.ts';

const t = await useTestApp();

// ids of the dr5hn dataset (stable across its releases)
const US = 233;
const NEW_YORK = 1452;
const BROOKLYN = 112872;
const TEXAS = 1407;
const AMERICAN_SAMOA = 1424; // a US state without city data
const CHINA = 45;
const ANTARCTICA = 9; // a country without states

const valid = {
  contacts: 'Mei Chen',
  phone: '+1 718 555 0199',
  email: 'mei.chen@example.com',
  postcode: '11201',
  address: '200 Atlantic Ave, Apt 4B',
  countryId: US,
  provinceId: NEW_YORK,
  cityId: BROOKLYN,
};

interface AddressWire {
  id: string;
  use: number;
  contacts: string;
  country: string;
  province: string;
  city: string;
  countryId: number;
  provinceId: number;
  cityId: number;
}

async function list(user: TestUser): Promise<AddressWire[]> {
  return (await t.call<{ pageList: AddressWire[] }>('address!list', {}, { token: user.token })).data?.pageList ?? [];
}

describe('countries, states and cities', () => {
  it('lists countries, filtered, in the request language where the dataset has it', async () => {
    const all = await t.call<{ data: { id: number; countryName: string }[] }>('address!listCountry', {});
    expect(all.data?.data.length).toBeGreaterThan(240);
    expect(all.data?.data.find((country) => country.id === US)?.countryName).toBe('United States');
    const filtered = await t.call<{ data: { id: number; countryName: string }[] }>('address!listCountry', { countryName: 'united' });
    expect(filtered.data?.data.map((country) => country.id)).toContain(US);
    const chinese = await t.call<{ data: { id: number; countryName: string }[] }>('address!listCountry', { lang: 'cn', countryName: '美国' });
    expect(chinese.data?.data).toContainEqual({ id: US, countryName: '美国' });
    expect(chinese.data?.data.every((country) => country.countryName.includes('美国'))).toBe(true);
  });

  it('lists the states of a country and the cities of a state', async () => {
    const states = await t.call<{ data: { id: number; stateName: string }[] }>('address!listState', { countryId: US });
    expect(states.data?.data.find((state) => state.id === NEW_YORK)?.stateName).toBe('New York');
    const cities = await t.call<{ data: { id: number; cityName: string }[] }>('address!listCity', { stateId: NEW_YORK, cityName: 'brook' });
    expect(cities.data?.data).toContainEqual({ id: BROOKLYN, cityName: 'Brooklyn' });
    expect(cities.data?.data.every((city) => city.cityName.toLowerCase().includes('brook'))).toBe(true);
  });

  it('asks for the country before the state and the state before the city', async () => {
    expect(await t.call('address!listState', { lang: 'cn' })).toMatchObject({ errorKey: 'addresses.country_required', msg: '请先选择国家及州' });
    expect(await t.call('address!listCity', { lang: 'cn' })).toMatchObject({ errorKey: 'addresses.state_required', msg: '请先选择州' });
    expect(await t.call('address!listCity', { queryType: 'noShow' })).toMatchObject({ code: '0', data: { data: [] } });
    expect((await t.call('address!listState', { countryId: 'abc' })).errorKey).toBe('addresses.country_required');
  });
});

describe('address!add, edit, del and list', () => {
  it('adds addresses; the first is the default; names come from the dataset', async () => {
    const user = await registerUser(t);
    expect((await t.call('address!add', { ...valid, country: 'whatever the client says' }, { token: user.token })).code).toBe('0');
    const [first] = await list(user);
    expect(first).toMatchObject({ use: 1, contacts: 'Mei Chen', country: 'United States', province: 'New York', city: 'Brooklyn', countryId: US, cityId: BROOKLYN });
    expect((await t.call('address!add', { ...valid, contacts: 'Second Person' }, { token: user.token })).code).toBe('0');
    const both = await list(user);
    expect(both.map((address) => address.use)).toEqual([1, 0]);
    // a new default replaces the old one
    await t.call('address!add', { ...valid, contacts: 'Third Person', use: 1 }, { token: user.token });
    const three = await list(user);
    expect(three[0]).toMatchObject({ contacts: 'Third Person', use: 1 });
    expect(three.filter((address) => address.use === 1)).toHaveLength(1);
  });

  it('accepts a country without states and a state without city data', async () => {
    const user = await registerUser(t);
    expect((await t.call('address!add', { ...valid, countryId: ANTARCTICA, provinceId: undefined, cityId: undefined }, { token: user.token })).code).toBe('0');
    expect((await t.call('address!add', { ...valid, provinceId: AMERICAN_SAMOA, cityId: undefined }, { token: user.token })).code).toBe('0');
    const saved = await list(user);
    expect(saved.map((address) => [address.countryId, address.provinceId, address.cityId])).toEqual([
      [ANTARCTICA, 0, 0],
      [US, AMERICAN_SAMOA, 0],
    ]);
  });

  it.each([
    ['no recipient', { contacts: undefined }, 'addresses.contacts_required'],
    ['a recipient of 65 characters', { contacts: 'n'.repeat(65) }, 'addresses.contacts_too_long'],
    ['no phone', { phone: undefined }, 'addresses.phone_required'],
    ['a phone with 7 digits', { phone: '555 0199' }, 'addresses.phone_invalid'],
    ['a phone with letters', { phone: '+1 718 555 CALL' }, 'addresses.phone_invalid'],
    ['a bad e-mail', { email: 'mei@' }, 'addresses.email_invalid'],
    ['no address', { address: undefined }, 'addresses.address_required'],
    ['an address of 256 characters', { address: 'a'.repeat(256) }, 'addresses.address_too_long'],
    ['a postcode of 33 characters', { postcode: '1'.repeat(33) }, 'addresses.postcode_too_long'],
    ['a postcode with symbols', { postcode: '11#01' }, 'addresses.postcode_invalid'],
    ['no country', { countryId: undefined }, 'addresses.country_required'],
    ['an unknown country', { countryId: 999_999 }, 'addresses.location_mismatch'],
    ['no state where the country has states', { provinceId: undefined }, 'addresses.state_required'],
    ['no city where the state has cities', { cityId: undefined }, 'addresses.city_required'],
    ['a state of another country', { countryId: CHINA }, 'addresses.location_mismatch'],
    ['a city of another state', { provinceId: TEXAS }, 'addresses.location_mismatch'],
    ['a non-numeric city id', { cityId: 'brooklyn' }, 'common.param_invalid'],
  ])('refuses %s and saves nothing', async (_name, change, errorKey) => {
    const user = await registerUser(t);
    const params: Record<string, unknown> = { ...valid, ...change };
    for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
    const response = await t.call('address!add', params, { token: user.token });
    expect(response).toMatchObject({ code: '1', errorKey });
    expect(await list(user)).toEqual([]);
  });

  it('keeps at most the configured number of addresses (default 20)', async () => {
    await t.services.settings.set(t.database.db, 'address_limit', 3, { type: 'system' });
    const user = await registerUser(t);
    for (let index = 0; index < 3; index += 1) expect((await t.call('address!add', valid, { token: user.token })).code).toBe('0');
    expect((await t.call('address!add', valid, { token: user.token })).errorKey).toBe('addresses.limit_reached');
    // concurrent adds cannot pass the limit either
    const other = await registerUser(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => t.call('address!add', valid, { token: other.token })));
    expect(results.filter((result) => result.code === '0')).toHaveLength(3);
    expect(await list(other)).toHaveLength(3);
    await t.services.settings.set(t.database.db, 'address_limit', 20, { type: 'system' });
  });

  it('edits the user’s own address; another user’s id is refused and nothing changes', async () => {
    const owner = await registerUser(t);
    const intruder = await registerUser(t);
    await t.call('address!add', valid, { token: owner.token });
    const [address] = await list(owner);
    const edited = await t.call('address!edit', { ...valid, id: address?.id, contacts: 'New Name' }, { token: owner.token });
    expect(edited.code).toBe('0');
    expect((await list(owner))[0]?.contacts).toBe('New Name');
    const attempt = await t.call('address!edit', { ...valid, id: address?.id, contacts: 'Hijacked' }, { token: intruder.token });
    expect(attempt).toMatchObject({ code: '1', errorKey: 'addresses.not_found' });
    expect((await list(owner))[0]?.contacts).toBe('New Name');
    expect((await t.call('address!edit', { ...valid, id: 'not-an-id' }, { token: owner.token })).errorKey).toBe('addresses.not_found');
  });

  it('deletes the user’s own address only; deleting the default makes another the default', async () => {
    const owner = await registerUser(t);
    const intruder = await registerUser(t);
    await t.call('address!add', valid, { token: owner.token });
    await t.call('address!add', { ...valid, contacts: 'Backup' }, { token: owner.token });
    const [first] = await list(owner);
    expect(await t.call('address!del', { id: first?.id, lang: 'cn' }, { token: intruder.token })).toMatchObject({ msg: '地址不存在,或者已删除' });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.id, first?.id ?? ''));
    expect(rows).toHaveLength(1);
    expect((await t.call('address!del', { id: first?.id }, { token: owner.token })).code).toBe('0');
    const remaining = await list(owner);
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ contacts: 'Backup', use: 1 });
    expect((await t.call('address!del', { id: first?.id }, { token: owner.token })).errorKey).toBe('addresses.not_found');
  });

  it('needs a login for the user’s addresses', async () => {
    for (const call of ['address!list', 'address!add', 'address!edit', 'address!del']) {
      expect((await t.call(call, valid)).code).toBe('403');
    }
  });
});
