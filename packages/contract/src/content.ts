import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { intParam, textParam } from './params.ts';

// Content calls: configuration values, newsletter, home, banners, lucky draw (API reference section 2).

/** Codes one syspara!getSyspara call may ask for. */
export const MAX_SYSPARA_CODES = 50;

export const sysparaInput = z.object({
  code: requiredText('common.param_missing', 'common.param_invalid', 2000)
    .transform((value) => [...new Set(value.split(',').map((code) => code.trim()).filter((code) => code.length > 0))])
    .refine((codes) => codes.length > 0 && codes.length <= MAX_SYSPARA_CODES, { error: 'common.param_invalid' }),
});
export const sysparaOutput = z.record(z.string(), z.string().nullable());

/** Spec 5: local part from a letter or digit, 3+ characters; domain of 2+ word characters; 1-2 suffixes. */
export const NEWSLETTER_EMAIL_PATTERN = /^[A-Za-z0-9][\w.+-]{2,}@\w[\w-]+\.[A-Za-z]{2,}(\.[A-Za-z]{2,})?$/;

export const subscribeInput = z.object({
  email: requiredText('common.param_missing', 'content.email_invalid', 100)
    .transform((value) => value.trim())
    .refine((value) => NEWSLETTER_EMAIL_PATTERN.test(value), { error: 'content.email_invalid' }),
});

export const homeOutput = z.object({
  banner: z.array(z.string()).optional(),
  service_link: z.string(),
  announcement: z.array(z.string()),
  aboutus: z.string(),
});

export const bannerListInput = z.object({
  type: requiredText('common.param_missing', 'common.param_invalid', 32),
  imgType: textParam(16).optional(),
  pageNum: intParam().optional(),
  pageSize: intParam().optional(),
});

export const bannerOutput = z.object({
  id: z.string(),
  type: z.string(),
  imgType: z.string(),
  imgUrl: z.string(),
  link: z.string(),
  title: z.string(),
  sort: z.number().int(),
});
export const bannerListOutput = z.object({ result: z.array(bannerOutput) });

export const activityOutput = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  detailUrl: z.string().optional(),
  status: z.string().optional(),
  running: z.string().optional(),
});
export type CurrentActivity = z.output<typeof activityOutput>;

export const downloadUrlOutput = z.string();
