import { spec, type ErrorSpec } from './error-spec.ts';

export const contentErrors = {
  'content.email_invalid': spec.bad,
  'content.already_subscribed': spec.conflict,
  'content.banner_image_invalid': spec.bad,
  'content.page_unknown': spec.notFound,
  'content.page_language_invalid': spec.bad,
  'content.page_title_invalid': spec.bad,
  'content.page_body_invalid': spec.bad,
  'content.page_english_kept': spec.conflict,
  'content.activity_url_invalid': spec.bad,
  'content.activity_window_invalid': spec.bad,
  'content.activity_overlaps': spec.conflict,
  'content.activity_ended': spec.conflict,
} as const satisfies Record<`content.${string}`, ErrorSpec>;
