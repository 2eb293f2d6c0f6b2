import { api } from '../../../lib/api.ts';
import { CHAT_IMAGE_MODULE, sendParams } from '../chat-rules.ts';

/** newOnlinechat!send: a text (URL-encoded on the way) or a picture's URL from uploadimg!execute. */
export function sendMessage(message: { type: 'text' | 'img'; content: string }): Promise<unknown> {
  return api.call('newOnlinechat!send', sendParams(message));
}

/** Stores a picture for the chat (uploadimg!execute, module "online"); resolves with its URL. */
export function uploadChatImage(file: File, signal?: AbortSignal): Promise<string> {
  return api.upload(file, file.name || 'picture', CHAT_IMAGE_MODULE, signal ? { signal } : {});
}
