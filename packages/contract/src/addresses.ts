import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { choiceParam, idParam, intParam, textParam } from './params.ts';

// Delivery addresses (API reference section 4). Field limits from spec section 5.

export const CONTACTS_MAX = 64;
export const ADDRESS_MAX = 255;
export const POSTCODE_MAX = 32;
export const EMAIL_MAX = 64;
export const PHONE_MAX = 32;
/** Most cities a state lists at once (the largest states have about 1,500). */
export const MAX_CITIES = 3000;

/** Dataset ids; whether one is required depends on the dataset (a country without states needs none). */
const geoId = () => intParam({ min: 0, max: 2_000_000_000, error: 'common.param_invalid' }).optional();

export const addressFields = {
  use: choiceParam(['0', '1']).optional(),
  contacts: requiredText('addresses.contacts_required', 'addresses.contacts_too_long', 1000),
  phone: requiredText('addresses.phone_required', 'addresses.phone_invalid', 100),
  address: requiredText('addresses.address_required', 'addresses.address_too_long', 5000),
  email: textParam(500).optional(),
  postcode: textParam(500).optional(),
  countryId: geoId(),
  provinceId: geoId(),
  cityId: geoId(),
  /** display names sent by clients; the dataset's names are stored instead */
  country: textParam(200).optional(),
  province: textParam(200).optional(),
  city: textParam(200).optional(),
};

export const addAddressInput = z.object(addressFields);
export const editAddressInput = z.object({ ...addressFields, id: idParam('addresses.not_found') });
export const deleteAddressInput = z.object({ id: idParam('addresses.not_found') });

export const addressOutput = z.object({
  id: z.string(),
  use: z.number().int(),
  contacts: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  postcode: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  countryId: z.number().int(),
  provinceId: z.number().int(),
  cityId: z.number().int(),
});
export const addressListOutput = z.object({ pageList: z.array(addressOutput) });

export const countryListInput = z.object({ countryName: textParam(100).optional() });
export const countryListOutput = z.object({ data: z.array(z.object({ id: z.number().int(), countryName: z.string() })) });
export const stateListInput = z.object({
  countryId: intParam({ min: 1, error: 'addresses.country_required' }).optional(),
  stateName: textParam(100).optional(),
});
export const stateListOutput = z.object({ data: z.array(z.object({ id: z.number().int(), stateName: z.string() })) });
export const cityListInput = z.object({
  stateId: intParam({ min: 1, error: 'addresses.state_required' }).optional(),
  cityName: textParam(100).optional(),
  queryType: textParam(20).optional(),
});
export const cityListOutput = z.object({ data: z.array(z.object({ id: z.number().int(), cityName: z.string() })) });
