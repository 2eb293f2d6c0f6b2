import { spec, type ErrorSpec } from './error-spec.ts';

// Customer-service chat (spec §4 "Chat", §7 "Chat and messages"; API reference §8).
export const chatErrors = {
  'chat.content_required': spec.bad,
  /** longer than CHAT_TEXT_MAX characters after URL-decoding */
  'chat.text_too_long': spec.bad,
  'chat.type_invalid': spec.bad,
  /** an image URL that is not an image this sender uploaded here */
  'chat.image_invalid': spec.bad,
  /** per-sender rate (CHAT_RATE_RULES); nothing was stored */
  'chat.too_frequent': spec.tooMany,
  /** `message_id` unknown, or in another buyer's conversation */
  'chat.message_not_found': spec.notFound,
  'chat.conversation_not_found': spec.notFound,
  /** socket: a frame that is not JSON or not one of the contract's client frames */
  'chat.frame_invalid': spec.bad,
  /** assigning to an operator who does not exist or may not answer chats */
  'chat.operator_not_found': spec.notFound,
  /** operators reply to open conversations only (a buyer's message reopens one) */
  'chat.conversation_closed': spec.conflict,
  'chat.already_closed': spec.conflict,
  'chat.already_open': spec.conflict,
  'chat.canned_reply_not_found': spec.notFound,
  /** linking a conversation to an order that is not the buyer's */
  'chat.order_not_found': spec.notFound,
} as const satisfies Record<`chat.${string}`, ErrorSpec>;
