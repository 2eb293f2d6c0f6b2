import { CONTACT_PHONE_PATTERN, EMAIL_PATTERN } from '@caravan/contract/accounts';
import { ADDRESS_MAX, CONTACTS_MAX, EMAIL_MAX, MAX_CITIES, PHONE_MAX, POSTCODE_MAX } from '@caravan/contract/addresses';
import type { ErrorKey } from '@caravan/contract/errors/all-errors';
import type { Locale } from '@caravan/contract/languages';
import type { Database, Executor } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SettingsService } from '../content/settings.ts';
import type { AddressesRepository, AddressRow } from './addresses.repository.ts';
import type { GeoDirectory } from './geo-directory.ts';

export interface AddressInput {
  use?: string | undefined;
  contacts: string;
  phone: string;
  address: string;
  email?: string | undefined;
  postcode?: string | undefined;
  countryId?: number | undefined;
  provinceId?: number | undefined;
  cityId?: number | undefined;
}

const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

function length(text: string): number {
  return [...text].length;
}

export class AddressesService {
  constructor(
    private readonly db: Database,
    private readonly repository: AddressesRepository,
    private readonly geo: GeoDirectory,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** Field rules of spec 5 and the dataset: state required when the country has states, city likewise. */
  private validate(input: AddressInput) {
    const contacts = input.contacts.trim();
    const phone = input.phone.trim();
    const address = input.address.trim();
    const email = input.email?.trim() ?? '';
    const postcode = input.postcode?.trim() ?? '';
    const fail = (key: ErrorKey): never => {
      throw new AppError(key);
    };
    if (contacts.length === 0) fail('addresses.contacts_required');
    if (length(contacts) > CONTACTS_MAX) fail('addresses.contacts_too_long');
    if (phone.length === 0) fail('addresses.phone_required');
    if (length(phone) > PHONE_MAX || !CONTACT_PHONE_PATTERN.test(phone) /* at least 8 digits (spec 5) */ || phone.replace(/\D/g, '').length < 8) fail('addresses.phone_invalid');
    if (address.length === 0) fail('addresses.address_required');
    if (length(address) > ADDRESS_MAX) fail('addresses.address_too_long');
    if (email && (length(email) > EMAIL_MAX || !EMAIL_PATTERN.test(email))) fail('addresses.email_invalid');
    if (length(postcode) > POSTCODE_MAX) fail('addresses.postcode_too_long');
    if (postcode && (postcode.replace(/[\s-]/g, '').length < 3 || !POSTCODE.test(postcode))) fail('addresses.postcode_invalid');

    if (!input.countryId) fail('addresses.country_required');
    const country = this.geo.country(input.countryId ?? 0) ?? fail('addresses.location_mismatch');
    const states = this.geo.statesOf(country.id);
    let province = '';
    let city = '';
    let provinceId = 0;
    let cityId = 0;
    if (states.length > 0) {
      if (!input.provinceId) fail('addresses.state_required');
      const state = this.geo.state(input.provinceId ?? 0);
      if (!state || state.countryId !== country.id) fail('addresses.location_mismatch');
      province = state?.name ?? '';
      provinceId = state?.id ?? 0;
      if (this.geo.citiesOf(provinceId).length > 0) {
        if (!input.cityId) fail('addresses.city_required');
        const found = this.geo.city(provinceId, input.cityId ?? 0) ?? fail('addresses.location_mismatch');
        city = found.name;
        cityId = found.id;
      }
    }
    return { contacts, phone, address, email, postcode, countryId: country.id, country: country.name, provinceId, province, cityId, city };
  }

  async list(userId: string): Promise<AddressRow[]> {
    return this.repository.listByUser(this.db, userId, this.settings.get('address_limit'));
  }

  async add(userId: string, input: AddressInput): Promise<AddressRow> {
    const fields = this.validate(input);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await this.repository.lockUser(tx, userId);
      const count = await this.repository.countByUser(tx, userId);
      if (count >= this.settings.get('address_limit')) throw new AppError('addresses.limit_reached');
      // the first address is the default one; a new default replaces the old
      const isDefault = input.use === '1' || count === 0;
      if (isDefault) await this.repository.clearDefault(tx, userId);
      const row = { id: newId(), userId, ...fields, isDefault, createdAt: now, updatedAt: now };
      await this.repository.insert(tx, row);
      return row as AddressRow;
    });
  }

  async edit(userId: string, id: string, input: AddressInput): Promise<void> {
    const fields = this.validate(input);
    await this.db.transaction(async (tx) => {
      await this.repository.lockUser(tx, userId);
      const existing = await this.repository.findOwned(tx, userId, id);
      if (!existing) throw new AppError('addresses.not_found');
      const isDefault = input.use === undefined ? existing.isDefault : input.use === '1' || (existing.isDefault && input.use !== '0');
      if (isDefault) await this.repository.clearDefault(tx, userId, id);
      await this.repository.update(tx, userId, id, { ...fields, isDefault, updatedAt: this.clock.now() });
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.repository.lockUser(tx, userId);
      const existing = await this.repository.findOwned(tx, userId, id);
      if (!existing) throw new AppError('addresses.not_found');
      await this.repository.delete(tx, userId, id);
      if (existing.isDefault) {
        const next = await this.repository.newest(tx, userId);
        if (next) await this.repository.update(tx, userId, next.id, { isDefault: true });
      }
    });
  }

  /** For orders: the buyer's own address, or undefined. */
  /** Account cancellation: the address book goes (orders keep their own copy of the delivery address). */
  async forgetAll(executor: Executor, userId: string): Promise<void> {
    await this.repository.deleteAllOf(executor, userId);
  }

  async findOwned(userId: string, id: string, executor: Executor = this.db): Promise<AddressRow | undefined> {
    return this.repository.findOwned(executor, userId, id);
  }

  countries(locale: Locale, filter: string | undefined) {
    const needle = filter?.toLowerCase();
    return this.geo
      .countries()
      .map((country) => ({ id: country.id, countryName: this.geo.countryName(country, locale), name: country.name }))
      .filter((country) => !needle || country.countryName.toLowerCase().includes(needle) || country.name.toLowerCase().includes(needle))
      .map(({ id, countryName }) => ({ id, countryName }));
  }

  states(countryId: number, filter: string | undefined) {
    const needle = filter?.toLowerCase();
    return this.geo
      .statesOf(countryId)
      .filter((state) => !needle || state.name.toLowerCase().includes(needle))
      .map((state) => ({ id: state.id, stateName: state.name }));
  }

  cities(stateId: number, filter: string | undefined) {
    const needle = filter?.toLowerCase();
    return this.geo
      .citiesOf(stateId)
      .filter((city) => !needle || city.name.toLowerCase().includes(needle))
      .slice(0, MAX_CITIES)
      .map((city) => ({ id: city.id, cityName: city.name }));
  }
}
