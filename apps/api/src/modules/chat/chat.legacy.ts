import { emptyInput } from '@caravan/contract/accounts';
import { chatListInput, chatListOutput, chatSendInput, chatSendOutput, chatUnreadOutput } from '@caravan/contract/chat';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import type { ChatService } from './chat.service.ts';

// The customer-service chat calls of the legacy clients (API reference section 8). Every one needs a
// token; GET and POST alike. The per-sender rate lives in the service (the socket shares it).

const TAG = 'chat';

export function chatActions(chat: ChatService): AnyAction[] {
  return [
    defineAction({
      call: 'newOnlinechat!send',
      tag: TAG,
      auth: 'user',
      summary:
        'Send a message to customer service: `type` text (default; `content` URL-encoded, at most 2,000 characters) or img (`content` = a URL uploadimg!execute answered to this user, or the older multipart `file`). Answers the stored message.',
      input: chatSendInput,
      output: chatSendOutput,
      acceptsFiles: true,
      handler: async (input, ctx) => {
        const file = ctx.files.find((candidate) => candidate.field === 'file') ?? ctx.files[0];
        // the older H5 variant posts the picture itself (with type=img and whatever content)
        if (file && (input.type === undefined || input.type === 'img')) {
          return (await chat.sendUploadedImage(ctx.user.id, file.bytes, { requestId: ctx.requestId })).message;
        }
        return (await chat.send({ type: 'buyer', userId: ctx.user.id }, { type: input.type, content: input.content, urlEncoded: true }, { requestId: ctx.requestId })).message;
      },
    }),
    defineAction({
      call: 'newOnlinechat!list',
      tag: TAG,
      auth: 'user',
      summary:
        "The user's conversation with customer service, newest first, 20 a page; `message_id` pages older messages. Reading the latest page marks customer service's messages read.",
      input: chatListInput,
      output: chatListOutput,
      handler: (input, ctx) => chat.list(ctx.user.id, input.message_id),
    }),
    defineAction({
      call: 'newOnlinechat!unread',
      extraPaths: ['/public/userOnlineChatController!unread.action', '/wap/public/userOnlineChatController!unread.action'],
      tag: TAG,
      auth: 'user',
      summary: "How many of customer service's messages the user has not read (a number).",
      input: emptyInput,
      output: chatUnreadOutput,
      handler: (_input, ctx) => chat.unread(ctx.user.id),
    }),
  ];
}
