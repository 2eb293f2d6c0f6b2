import { z } from 'zod';
import { pagedListSchema } from './paging.ts';
import { choiceParam, intParam, textParam } from './params.ts';

// Legacy account calls: request and response shapes (API reference section 3).

/** Required string parameter: `missing` when absent, `invalid` when not a string or too long. */
export function requiredText(missing: string, invalid: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
    .refine((value) => [...value].length <= max, { error: invalid });
}

export const PASSWORD_MIN = 6;
/** Clients ask for 6-12; the server accepts longer passphrases. */
export const PASSWORD_MAX = 64;
export const SAFEWORD_PATTERN = /^\d{6}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9]{6,30}$/;
export const EMAIL_MAX = 64;
/** An e-mail address as every form accepts it (login names, delivery and shop contacts). */
export const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** A contact phone as people write it (digits, spaces, dashes, brackets, a leading +); at least 8 digits is checked apart. */
export const CONTACT_PHONE_PATTERN = /^\+?[\d\s\-()]+$/;

const username = requiredText('accounts.username_required', 'accounts.username_invalid', 100);
const password = requiredText('accounts.password_required', 'accounts.password_length', 256);
const passwordConfirm = requiredText('accounts.password_confirm_required', 'accounts.password_length', 256);

export const registrationTypes = ['1', '2', '3'] as const;

export const registerNoCodeInput = z.object({
  username,
  password,
  re_password: passwordConfirm,
  /** "1" phone with area code, "2" e-mail, "3" plain user name; absent -> inferred from the name. */
  type: choiceParam(registrationTypes, 'accounts.type_invalid').optional(),
  agentCode: textParam(32).optional(),
});

export const registerWithCodeInput = registerNoCodeInput.extend({
  verifcode: requiredText('accounts.verifcode_required', 'accounts.verifcode_invalid', 16),
  phone: textParam(32).optional(),
});

export const sessionOutput = z.object({
  token: z.string(),
  username: z.string(),
  usercode: z.string(),
});

export const loginInput = z.object({ username, password });

/** What a verification code is for: a code sent for one purpose is refused by the others. */
export const codePurposes = ['register', 'resetpsw'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** Where a password-reset code goes: "1" the bound phone, "2" the bound e-mail ("3" Google is not offered). */
export const verifcodeTypes = ['1', '2'] as const;

export const sendCodeInput = z.object({
  /** registration: the e-mail address or phone number; password reset: the account (name, e-mail or phone) */
  target: requiredText('common.param_missing', 'accounts.email_invalid', 100),
  /** absent -> "register" (the legacy call) */
  purpose: choiceParam(codePurposes, 'common.param_invalid').optional(),
  /** password reset: the channel; absent -> the bound e-mail, else the bound phone */
  verifcode_type: choiceParam(verifcodeTypes, 'accounts.verifcode_type_invalid').optional(),
});

/** user!resetpsw (forgot password): the account, the code sent by idcode!execute (purpose resetpsw) and the new password twice. */
export const resetPasswordInput = z.object({
  username,
  password: requiredText('accounts.new_password_required', 'accounts.password_length', 256),
  /** the legacy call had no confirmation; when sent it must match */
  re_password: z.string({ error: 'accounts.password_length' }).max(256, { error: 'accounts.password_length' }).optional(),
  verifcode_type: choiceParam(verifcodeTypes, 'accounts.verifcode_type_invalid').optional(),
  verifcode: requiredText('accounts.verifcode_required', 'accounts.verifcode_invalid', 16),
});

/** The users a user invited (newest first), names masked. */
export const invitedListInput = z.object({
  pageNum: intParam({ error: 'common.page_invalid' }).optional(),
  pageSize: intParam({ error: 'common.param_invalid' }).optional(),
});
export const invitedUserOutput = z.object({
  /** masked ("a***9") */
  username: z.string(),
  /** platform time, "yyyy-MM-dd HH:mm:ss" */
  joinTime: z.string(),
});
export type InvitedUser = z.infer<typeof invitedUserOutput>;
export const invitedListOutput = pagedListSchema(invitedUserOutput);

export const heartbeatInput = z.object({
  status: choiceParam(['1', '2', '3']).optional(),
});

export const userInfoOutput = z.object({
  partyId: z.string(),
  username: z.string(),
  userrole: z.string(),
  roletype: z.string(),
  usercode: z.string(),
  phone: z.string(),
  phoneverif: z.boolean(),
  email: z.string(),
  emailverif: z.boolean(),
  google_auth_secret: z.string(),
  googleverif: z.boolean(),
  identityverif: z.boolean(),
  advancedverif: z.boolean(),
  lastlogintime: z.string(),
  lastloginip: z.string(),
  avatar: z.string(),
  name: z.string(),
  nationality: z.string(),
  kyc_status: z.number().int(),
  kyc_high_level_status: z.number().int(),
  signPdfUrl: z.string(),
  url: z.string(),
  usercode_qr: z.string(),
  safeword: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoOutput>;

export const refreshAvatarInput = z.object({
  idx: z
    .string({ error: (issue) => (issue.input === undefined ? 'common.param_missing' : 'accounts.avatar_index_invalid') })
    .regex(/^\d{1,3}$/, { error: 'accounts.avatar_index_invalid' }),
});

export const changePasswordInput = z.object({
  old_password: requiredText('accounts.old_password_required', 'accounts.password_length', 256),
  password: requiredText('accounts.new_password_required', 'accounts.password_length', 256),
  re_password: z.string({ error: 'accounts.password_length' }).optional(),
  /** The PC client's spelling of the confirmation. */
  comfirm_password: z.string({ error: 'accounts.password_length' }).optional(),
  /** "0" keeps the other sessions logged in; by default they are revoked. */
  revoke_others: choiceParam(['0', '1']).optional(),
});

const safeword = requiredText('accounts.safeword_required', 'accounts.safeword_format', 64);

export const setSafewordInput = z.object({
  safeword,
  re_safeword: z.string({ error: 'accounts.safeword_format' }).optional(),
});

export const changeSafewordInput = z.object({
  old_safeword: requiredText('accounts.safeword_required', 'accounts.safeword_length', 64),
  safeword,
  re_safeword: requiredText('accounts.safeword_required', 'accounts.safeword_format', 64),
});

export const logoffInput = z.object({
  account: requiredText('accounts.logoff_account_mismatch', 'accounts.logoff_account_mismatch', 100),
  reason: requiredText('accounts.logoff_reason_required', 'common.param_invalid', 500),
  cashPassword: z.string({ error: 'accounts.safeword_length' }).max(64, { error: 'accounts.safeword_length' }).optional(),
});

export const emptyInput = z.object({});
export const emptyOutput = z.null();
