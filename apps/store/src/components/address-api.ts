// Delivery addresses (API reference section 4), shared by the checkout and the address book: the
// requests with their queryOptions and hooks, and the address form's field rules (spec section 5),
// which are pure functions so they can be tested without a browser.
import type { addressListOutput, cityListOutput, countryListOutput, stateListOutput } from '@caravan/contract/addresses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, currentApiLocale } from '../lib/api.ts';

export type AddressRecord = (typeof addressListOutput)['_zod']['output']['pageList'][number];
export type Country = (typeof countryListOutput)['_zod']['output']['data'][number];
export type State = (typeof stateListOutput)['_zod']['output']['data'][number];
export type City = (typeof cityListOutput)['_zod']['output']['data'][number];

// ---- field rules --------------------------------------------------------------------------------

export const CONTACTS_MAX = 64;
export const PHONE_MAX = 32;
export const PHONE_MIN_DIGITS = 8;
export const EMAIL_MAX = 64;
export const POSTCODE_MAX = 32;
/** "more than 4 digits" (spec section 5); letters count too, for postcodes such as "SW1A 1AA" */
export const POSTCODE_MIN_CHARACTERS = 5;
export const ADDRESS_MAX = 255;

export interface AddressValues {
  contacts?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  countryId?: number | undefined;
  provinceId?: number | undefined;
  cityId?: number | undefined;
  postcode?: string | undefined;
  address?: string | undefined;
  use?: boolean | undefined;
}

export type AddressField = 'contacts' | 'phone' | 'email' | 'countryId' | 'provinceId' | 'cityId' | 'postcode' | 'address';

/** Whether the chosen country has states and the chosen state has cities (then they are required). */
export interface GeoNeeds {
  states: boolean;
  cities: boolean;
}

/** A message key of the `address` namespace with its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

const EMAIL = /^[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const PHONE = /^\+?[\d\s\-()]+$/;
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** Length in characters as the server counts them (code points, so an emoji is one). */
const length = (text: string) => [...text].length;
const text = (value: string | undefined) => (value ?? '').trim();
const chosen = (id: number | undefined) => typeof id === 'number' && Number.isInteger(id) && id > 0;

export function validateAddressField(field: AddressField, values: AddressValues, needs: GeoNeeds): FieldError | undefined {
  switch (field) {
    case 'contacts': {
      const contacts = text(values.contacts);
      if (!contacts) return { key: 'errors.contactsRequired' };
      if (length(contacts) > CONTACTS_MAX) return { key: 'errors.contactsTooLong', values: { max: CONTACTS_MAX } };
      return undefined;
    }
    case 'phone': {
      const phone = text(values.phone);
      if (!phone) return { key: 'errors.phoneRequired' };
      if (length(phone) > PHONE_MAX || !PHONE.test(phone) || phone.replace(/\D/g, '').length < PHONE_MIN_DIGITS) {
        return { key: 'errors.phoneInvalid', values: { min: PHONE_MIN_DIGITS } };
      }
      return undefined;
    }
    case 'email': {
      const email = text(values.email);
      if (!email) return undefined;
      if (length(email) > EMAIL_MAX) return { key: 'errors.emailTooLong', values: { max: EMAIL_MAX } };
      return EMAIL.test(email) ? undefined : { key: 'errors.emailInvalid' };
    }
    case 'countryId':
      return chosen(values.countryId) ? undefined : { key: 'errors.countryRequired' };
    case 'provinceId':
      return !needs.states || chosen(values.provinceId) ? undefined : { key: 'errors.stateRequired' };
    case 'cityId':
      if (!needs.cities || chosen(values.cityId)) return undefined;
      // spec section 5: country and state come before city
      return chosen(values.countryId) && (!needs.states || chosen(values.provinceId)) ? { key: 'errors.cityRequired' } : { key: 'errors.cityNeedsState' };
    case 'postcode': {
      const postcode = text(values.postcode);
      if (!postcode) return undefined;
      if (length(postcode) > POSTCODE_MAX) return { key: 'errors.postcodeTooLong', values: { max: POSTCODE_MAX } };
      if (!POSTCODE.test(postcode) || postcode.replace(/[\s-]/g, '').length < POSTCODE_MIN_CHARACTERS) {
        return { key: 'errors.postcodeInvalid', values: { min: POSTCODE_MIN_CHARACTERS } };
      }
      return undefined;
    }
    case 'address': {
      const address = text(values.address);
      if (!address) return { key: 'errors.addressRequired' };
      if (length(address) > ADDRESS_MAX) return { key: 'errors.addressTooLong', values: { max: ADDRESS_MAX } };
      return undefined;
    }
  }
}

export const ADDRESS_FIELDS: readonly AddressField[] = ['contacts', 'phone', 'email', 'countryId', 'provinceId', 'cityId', 'postcode', 'address'];

/** Every field's problem; an empty object means the address can be sent. */
export function validateAddress(values: AddressValues, needs: GeoNeeds): Partial<Record<AddressField, FieldError>> {
  const errors: Partial<Record<AddressField, FieldError>> = {};
  for (const field of ADDRESS_FIELDS) {
    const error = validateAddressField(field, values, needs);
    if (error) errors[field] = error;
  }
  return errors;
}

/** address!add / address!edit parameters; the display names go along for legacy readers. */
export function addressParams(values: AddressValues, names: { country?: string; province?: string; city?: string }, id?: string) {
  return {
    ...(id ? { id } : {}),
    contacts: text(values.contacts),
    phone: text(values.phone),
    email: text(values.email),
    postcode: text(values.postcode),
    address: text(values.address),
    countryId: chosen(values.countryId) ? values.countryId : undefined,
    provinceId: chosen(values.provinceId) ? values.provinceId : undefined,
    cityId: chosen(values.cityId) ? values.cityId : undefined,
    country: names.country ?? '',
    province: names.province ?? '',
    city: names.city ?? '',
    use: values.use ? '1' : '0',
  };
}

const SERVER_ERROR_FIELDS: Record<string, AddressField> = {
  'addresses.contacts_required': 'contacts',
  'addresses.contacts_too_long': 'contacts',
  'addresses.phone_required': 'phone',
  'addresses.phone_invalid': 'phone',
  'addresses.email_invalid': 'email',
  'addresses.address_required': 'address',
  'addresses.address_too_long': 'address',
  'addresses.postcode_invalid': 'postcode',
  'addresses.postcode_too_long': 'postcode',
  'addresses.country_required': 'countryId',
  'addresses.state_required': 'provinceId',
  'addresses.city_required': 'cityId',
  'addresses.location_mismatch': 'cityId',
};

/** The field a refusal of address!add / address!edit is about, so its message shows under it. */
export function serverErrorField(errorKey: string | undefined): AddressField | undefined {
  return errorKey ? SERVER_ERROR_FIELDS[errorKey] : undefined;
}

/** A stored address as the form's values (0 ids, "none chosen", become empty). */
export function addressValues(address: AddressRecord): AddressValues {
  const id = (value: number) => (value > 0 ? value : undefined);
  return {
    contacts: address.contacts,
    phone: address.phone,
    email: address.email,
    countryId: id(address.countryId),
    provinceId: id(address.provinceId),
    cityId: id(address.cityId),
    postcode: address.postcode,
    address: address.address,
    use: address.use === 1,
  };
}

/** The default address (use = 1), else the first one. */
export function defaultAddress(addresses: readonly AddressRecord[]): AddressRecord | undefined {
  return addresses.find((address) => address.use === 1) ?? addresses[0];
}

// ---- requests -----------------------------------------------------------------------------------

const KEYS = {
  all: ['addresses'] as const,
  list: ['addresses', 'list'] as const,
  countries: (lang: string) => ['addresses', 'countries', lang] as const,
  states: (countryId: number, lang: string) => ['addresses', 'states', countryId, lang] as const,
  cities: (stateId: number, lang: string) => ['addresses', 'cities', stateId, lang] as const,
};

export async function listAddresses(): Promise<AddressRecord[]> {
  const data = await api.call<{ pageList?: AddressRecord[] } | null>('address!list');
  return data?.pageList ?? [];
}

export const addressListQueryOptions = () => queryOptions({ queryKey: KEYS.list, queryFn: listAddresses });

export function useAddressList(options: { enabled?: boolean } = {}) {
  return useQuery({ ...addressListQueryOptions(), enabled: options.enabled ?? true });
}

// The geography rarely changes: kept for the session. Note the nested data.data of these answers.
const GEO_STALE_MS = 60 * 60_000;

export async function listCountries(): Promise<Country[]> {
  const data = await api.call<{ data?: Country[] } | null>('address!listCountry');
  return data?.data ?? [];
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: KEYS.countries(currentApiLocale()), queryFn: listCountries, staleTime: GEO_STALE_MS });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

export async function listStates(countryId: number): Promise<State[]> {
  const data = await api.call<{ data?: State[] } | null>('address!listState', { countryId });
  return data?.data ?? [];
}

export const statesQueryOptions = (countryId: number) =>
  queryOptions({ queryKey: KEYS.states(countryId, currentApiLocale()), queryFn: () => listStates(countryId), staleTime: GEO_STALE_MS });

export function useStates(countryId: number | undefined) {
  return useQuery({ ...statesQueryOptions(countryId ?? 0), enabled: chosen(countryId) });
}

export async function listCities(stateId: number): Promise<City[]> {
  const data = await api.call<{ data?: City[] } | null>('address!listCity', { stateId });
  return data?.data ?? [];
}

export const citiesQueryOptions = (stateId: number) =>
  queryOptions({ queryKey: KEYS.cities(stateId, currentApiLocale()), queryFn: () => listCities(stateId), staleTime: GEO_STALE_MS });

export function useCities(stateId: number | undefined) {
  return useQuery({ ...citiesQueryOptions(stateId ?? 0), enabled: chosen(stateId) });
}

export type SaveAddressParams = ReturnType<typeof addressParams>;

/** address!add, or address!edit when the parameters carry an id. The form shows errors itself. */
export function saveAddress(params: SaveAddressParams): Promise<null> {
  return api.call<null>(params.id ? 'address!edit' : 'address!add', params, { silent: true });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.list }),
  });
}

export function deleteAddress(id: string): Promise<null> {
  return api.call<null>('address!del', { id });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.list }),
  });
}
