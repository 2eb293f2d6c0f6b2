import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import {
  activityOutput,
  bannerListInput,
  bannerListOutput,
  downloadUrlOutput,
  homeOutput,
  subscribeInput,
  sysparaInput,
  sysparaOutput,
} from '@caravan/contract/content';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { HOUR_MS } from '../../platform/clock.ts';
import type { ContentService } from './content.service.ts';

const TAG = 'content';
export const SUBSCRIBE_RATE_RULE = { name: 'subscribe:ip', max: 20, windowMs: HOUR_MS };

export function contentActions(content: ContentService): AnyAction[] {
  return [
    defineAction({
      call: 'syspara!getSyspara',
      tag: TAG,
      auth: 'public',
      summary: 'Public configuration values by code (comma-separated); unknown codes map to null.',
      input: sysparaInput,
      output: sysparaOutput,
      handler: (input) => content.settings.publicValues(input.code),
    }),
    defineAction({
      call: 'subscribe!add',
      tag: TAG,
      auth: 'optional',
      summary: 'Subscribe an e-mail address to the newsletter.',
      input: subscribeInput,
      output: emptyOutput,
      rateLimits: [{ rule: SUBSCRIBE_RATE_RULE, subject: 'ip' }],
      successMessage: 'success.subscribed',
      handler: async (input, ctx) => {
        await content.subscribe(input.email, ctx.locale, ctx.user?.id);
        return null;
      },
    }),
    defineAction({
      call: 'index!download-url',
      tag: TAG,
      auth: 'public',
      summary: 'Buyer app download URL.',
      input: emptyInput,
      output: downloadUrlOutput,
      handler: () => content.settings.get('app_download_url'),
    }),
    defineAction({
      call: 'index!home',
      tag: TAG,
      auth: 'public',
      summary: 'Home content: banner links, service link, announcements, about us.',
      input: emptyInput,
      output: homeOutput,
      handler: () => content.home(),
    }),
    defineAction({
      call: 'banner!bannerList',
      tag: TAG,
      auth: 'public',
      summary: 'Banners of one placement (type), ordered.',
      input: bannerListInput,
      output: bannerListOutput,
      handler: async (input) => ({ result: await content.banners(input.type, input.imgType, input.pageNum, input.pageSize) }),
    }),
    defineAction({
      call: 'activity/lottery!getCurrentActivity',
      tag: TAG,
      auth: 'public',
      summary: 'The running lucky-draw activity ({} when none).',
      input: emptyInput,
      output: activityOutput,
      handler: () => content.currentActivity(),
    }),
  ];
}
