import {
  addAddressInput,
  addressListOutput,
  cityListInput,
  cityListOutput,
  countryListInput,
  countryListOutput,
  deleteAddressInput,
  editAddressInput,
  stateListInput,
  stateListOutput,
} from '@caravan/contract/addresses';
import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { AppError } from '../../platform/errors.ts';
import type { AddressRow } from './addresses.repository.ts';
import type { AddressesService } from './addresses.service.ts';

const TAG = 'addresses';

function toWire(row: AddressRow) {
  return {
    id: row.id,
    use: row.isDefault ? 1 : 0,
    contacts: row.contacts,
    phone: row.phone,
    email: row.email,
    address: row.address,
    postcode: row.postcode,
    country: row.country,
    province: row.province,
    city: row.city,
    countryId: row.countryId,
    provinceId: row.provinceId,
    cityId: row.cityId,
  };
}

export function addressesActions(addresses: AddressesService): AnyAction[] {
  return [
    defineAction({
      call: 'address!list',
      tag: TAG,
      auth: 'user',
      summary: 'The user’s delivery addresses, default first (use = 1).',
      input: emptyInput,
      output: addressListOutput,
      handler: async (_input, ctx) => ({ pageList: (await addresses.list(ctx.user.id)).map(toWire) }),
    }),
    defineAction({
      call: 'address!add',
      tag: TAG,
      auth: 'user',
      summary: 'Add a delivery address (limit per user configurable; the first one is the default).',
      input: addAddressInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await addresses.add(ctx.user.id, input);
        return null;
      },
    }),
    defineAction({
      call: 'address!edit',
      tag: TAG,
      auth: 'user',
      summary: 'Change one of the user’s addresses.',
      input: editAddressInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await addresses.edit(ctx.user.id, input.id, input);
        return null;
      },
    }),
    defineAction({
      call: 'address!del',
      tag: TAG,
      auth: 'user',
      summary: 'Delete one of the user’s addresses.',
      input: deleteAddressInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      handler: async (input, ctx) => {
        await addresses.remove(ctx.user.id, input.id);
        return null;
      },
    }),
    defineAction({
      call: 'address!listCountry',
      tag: TAG,
      auth: 'public',
      summary: 'Countries (names in the request language where the dataset has them), filtered by countryName.',
      input: countryListInput,
      output: countryListOutput,
      handler: (input, ctx) => ({ data: addresses.countries(ctx.locale, input.countryName) }),
    }),
    defineAction({
      call: 'address!listState',
      tag: TAG,
      auth: 'public',
      summary: 'States / provinces of a country.',
      input: stateListInput,
      output: stateListOutput,
      handler: (input) => {
        if (!input.countryId) throw new AppError('addresses.country_required');
        return { data: addresses.states(input.countryId, input.stateName) };
      },
    }),
    defineAction({
      call: 'address!listCity',
      tag: TAG,
      auth: 'public',
      summary: 'Cities of a state (queryType=noShow answers an empty list without a state).',
      input: cityListInput,
      output: cityListOutput,
      handler: (input) => {
        if (!input.stateId) {
          if (input.queryType === 'noShow') return { data: [] };
          throw new AppError('addresses.state_required');
        }
        return { data: addresses.cities(input.stateId, input.cityName) };
      },
    }),
  ];
}
