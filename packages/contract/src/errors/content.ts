import { spec, type ErrorSpec } from './error-spec.ts';

export const contentErrors = {
  'content.email_invalid': spec.bad,
  'content.already_subscribed': spec.conflict,
  'content.banner_image_invalid': spec.bad,
} as const satisfies Record<`content.${string}`, ErrorSpec>;
