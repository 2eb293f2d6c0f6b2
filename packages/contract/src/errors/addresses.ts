import { spec, type ErrorSpec } from './error-spec.ts';

export const addressesErrors = {
  'addresses.contacts_required': spec.bad,
  'addresses.contacts_too_long': spec.bad,
  'addresses.phone_required': spec.bad,
  'addresses.phone_invalid': spec.bad,
  'addresses.email_invalid': spec.bad,
  'addresses.address_required': spec.bad,
  'addresses.address_too_long': spec.bad,
  'addresses.postcode_invalid': spec.bad,
  'addresses.postcode_too_long': spec.bad,
  'addresses.country_required': spec.bad,
  'addresses.state_required': spec.bad,
  'addresses.city_required': spec.bad,
  'addresses.location_mismatch': spec.bad,
  'addresses.not_found': spec.notFound,
  'addresses.limit_reached': spec.conflict,
} as const satisfies Record<`addresses.${string}`, ErrorSpec>;
