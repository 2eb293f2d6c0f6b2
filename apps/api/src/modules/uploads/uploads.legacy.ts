import { uploadImageInput, uploadImageOutput } from '@caravan/contract/uploads';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadKindOf } from './upload-kinds.ts';
import type { UploadsService } from './uploads.service.ts';

export const UPLOAD_RATE_RULES = {
  perUser: { name: 'upload:user', max: 60, windowMs: MINUTE_MS },
  perIp: { name: 'upload:ip', max: 120, windowMs: MINUTE_MS },
};

export function uploadsActions(uploads: UploadsService): AnyAction[] {
  return [
    defineAction({
      call: 'uploadimg!execute',
      tag: 'uploads',
      auth: 'user',
      summary: 'Upload a JPEG or PNG image (multipart field `file`); answers with its URL.',
      input: uploadImageInput,
      output: uploadImageOutput,
      acceptsFiles: true,
      rateLimits: [
        { rule: UPLOAD_RATE_RULES.perUser, subject: 'user' },
        { rule: UPLOAD_RATE_RULES.perIp, subject: 'ip' },
      ],
      handler: async (input, ctx) => {
        const file = ctx.files.find((candidate) => candidate.field === 'file') ?? ctx.files[0];
        if (!file) throw new AppError('uploads.file_required');
        const stored = await uploads.storeImage(file.bytes, uploadKindOf(input.moduleName), ctx.user.id);
        return stored.url;
      },
    }),
  ];
}
