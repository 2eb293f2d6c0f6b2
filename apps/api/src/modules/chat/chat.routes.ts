import { idParams } from '@caravan/contract/console';
import {
  cannedReply,
  cannedReplyBody,
  cannedReplyList,
  cannedReplyQuery,
  chatAssignBody,
  chatBuyerContext,
  chatLinkOrderBody,
  chatMessagesQuery,
  chatReplyBody,
  consoleChatMessage,
  consoleChatMessages,
  consoleConversation,
  consoleConversationDetail,
  consoleConversationPage,
  conversationQuery,
} from '@caravan/contract/chat';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../gateway/params.ts';
import { AppError } from '../../platform/errors.ts';
import { restErrorOutput, type ConsoleAuth, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { ChatInboxService, InboxActor } from './chat-inbox.service.ts';

// Console routes of the customer-service inbox (/console/api/chat/...). `chat.read` lists and reads,
// `chat.reply` answers, assigns, closes, reopens and links orders, `chat.canned` manages the canned
// replies (admin and support have all three). Rules live in the services.

export interface ChatRouteDeps {
  inbox: ChatInboxService;
  /** stores a chat image an operator uploads (JPEG/PNG, chat size limit) and answers its URL */
  storeOperatorImage(bytes: Buffer, operatorId: string): Promise<string>;
}

const cannedIdParams = z.object({ id: z.string().min(1).max(64) });

export function chatConsoleRoutes(deps: ChatRouteDeps): ConsoleRoutes {
  const { inbox } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput, 429: restErrorOutput };
  const actor = (auth: ConsoleAuth, request: FastifyRequest): InboxActor => ({ operator: auth.operator(request), requestId: request.id });

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['console chat'];

    typed.get(
      '/chat/conversations',
      {
        schema: {
          summary: 'The inbox: unread first, then the longest waiting, then the latest; filter by state, assignee ("me", "unassigned" or an operator id), buyer (name or id) and linked order. Server-paged.',
          tags,
          querystring: conversationQuery,
          response: { 200: consoleConversationPage, ...errors },
        },
        preHandler: auth.require('chat.read'),
      },
      async (request) => inbox.list(request.query, auth.operator(request)),
    );
    typed.get(
      '/chat/conversations/:id',
      {
        schema: { summary: 'One conversation with its latest messages (reading them marks the buyer\'s messages read).', tags, params: idParams, querystring: chatMessagesQuery, response: { 200: consoleConversationDetail, ...errors } },
        preHandler: auth.require('chat.read'),
      },
      async (request) => inbox.detail(request.params.id, request.query),
    );
    typed.get(
      '/chat/conversations/:id/messages',
      {
        schema: { summary: 'Messages newest first; `before` (a message id) pages older ones.', tags, params: idParams, querystring: chatMessagesQuery, response: { 200: consoleChatMessages, ...errors } },
        preHandler: auth.require('chat.read'),
      },
      async (request) => inbox.messages(request.params.id, request.query),
    );
    typed.get(
      '/chat/conversations/:id/context',
      {
        schema: { summary: "The buyer beside the conversation: recent orders, wallet balance and records, the latest loan.", tags, params: idParams, response: { 200: chatBuyerContext, ...errors } },
        preHandler: auth.require('chat.read'),
      },
      async (request) => inbox.buyerContext(request.params.id),
    );
    typed.post(
      '/chat/conversations/:id/messages',
      {
        schema: {
          summary: 'Reply with text, or with an image uploaded through POST /chat/images. Stored, then pushed to the buyer\'s sockets; assigns the conversation to the replier when nobody has it.',
          tags,
          params: idParams,
          body: chatReplyBody,
          response: { 200: consoleChatMessage, ...errors },
        },
        preHandler: auth.require('chat.reply'),
      },
      async (request) => inbox.reply(request.params.id, request.body, actor(auth, request)),
    );
    typed.post(
      '/chat/conversations/:id/assign',
      {
        schema: { summary: 'Assign to a colleague (`operatorId`) or to yourself (no operatorId).', tags, params: idParams, body: chatAssignBody, response: { 200: consoleConversation, ...errors } },
        preHandler: auth.require('chat.reply'),
      },
      async (request) => inbox.assign(request.params.id, request.body.operatorId, actor(auth, request)),
    );
    typed.post(
      '/chat/conversations/:id/close',
      { schema: { summary: 'Close the conversation (the buyer writing again reopens it).', tags, params: idParams, response: { 200: consoleConversation, ...errors } }, preHandler: auth.require('chat.reply') },
      async (request) => inbox.close(request.params.id, actor(auth, request)),
    );
    typed.post(
      '/chat/conversations/:id/reopen',
      { schema: { summary: 'Reopen a closed conversation.', tags, params: idParams, response: { 200: consoleConversation, ...errors } }, preHandler: auth.require('chat.reply') },
      async (request) => inbox.reopen(request.params.id, actor(auth, request)),
    );
    typed.post(
      '/chat/conversations/:id/orders',
      { schema: { summary: "Link the conversation to one of the buyer's orders.", tags, params: idParams, body: chatLinkOrderBody, response: { 200: consoleConversation, ...errors } }, preHandler: auth.require('chat.reply') },
      async (request) => inbox.linkOrder(request.params.id, request.body.orderId, actor(auth, request)),
    );
    typed.post(
      '/chat/images',
      {
        schema: {
          summary: 'Upload an image to reply with (multipart field `file`, JPEG or PNG, chat size limit); answers its URL.',
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ url: z.string() }), ...errors, 413: restErrorOutput },
        },
        preHandler: auth.require('chat.reply'),
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('uploads.file_required');
        const { files } = await readMultipart(request, true);
        const file = files.find((candidate) => candidate.field === 'file') ?? files[0];
        if (!file) throw new AppError('uploads.file_required');
        return { url: await deps.storeOperatorImage(file.bytes, auth.operator(request).id) };
      },
    );

    typed.get(
      '/chat/canned-replies',
      { schema: { summary: 'Canned replies, optionally of one locale.', tags, querystring: cannedReplyQuery, response: { 200: cannedReplyList, ...errors } }, preHandler: auth.require('chat.read') },
      async (request) => inbox.cannedReplies(request.query.locale),
    );
    typed.post(
      '/chat/canned-replies',
      { schema: { summary: 'Add a canned reply for a locale.', tags, body: cannedReplyBody, response: { 200: cannedReply, ...errors } }, preHandler: auth.require('chat.canned') },
      async (request) => inbox.createCannedReply(request.body, actor(auth, request)),
    );
    typed.put(
      '/chat/canned-replies/:id',
      { schema: { summary: 'Change a canned reply.', tags, params: cannedIdParams, body: cannedReplyBody, response: { 200: cannedReply, ...errors } }, preHandler: auth.require('chat.canned') },
      async (request) => inbox.updateCannedReply(request.params.id, request.body, actor(auth, request)),
    );
    typed.delete(
      '/chat/canned-replies/:id',
      { schema: { summary: 'Remove a canned reply.', tags, params: cannedIdParams, response: { 204: z.null(), ...errors } }, preHandler: auth.require('chat.canned') },
      async (request, reply) => {
        await inbox.deleteCannedReply(request.params.id, actor(auth, request));
        return reply.code(204).send(null);
      },
    );
  };
}
