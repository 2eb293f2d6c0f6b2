import { emptyInput } from '@caravan/contract/accounts';
import { informationGetInput, informationGetOutput, informationListOutput } from '@caravan/contract/information';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import type { InformationService } from './information.service.ts';

// The store's information pages (about us, policies, rules ...) of this server's brand, in the
// request's language (`lang`) or English when that language has no version.

const TAG = 'content';

export function informationActions(information: InformationService): AnyAction[] {
  return [
    defineAction({
      call: 'information!list',
      tag: TAG,
      auth: 'public',
      summary: "The brand's information pages (slug and title), in the store's order, titled in the request's language or English.",
      input: emptyInput,
      output: informationListOutput,
      handler: async (_input, ctx) => ({ result: await information.list(ctx.locale) }),
    }),
    defineAction({
      call: 'information!get',
      tag: TAG,
      auth: 'public',
      summary: "One information page: title, sanitised HTML, last change and the language served (English when the request's has no version).",
      input: informationGetInput,
      output: informationGetOutput,
      handler: (input, ctx) => information.get(input.slug, ctx.locale),
    }),
  ];
}
