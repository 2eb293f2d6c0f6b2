// A chat message as the legacy calls answer it (API reference §8; the contract's chatMessage, of which
// the store reads only these fields), and as the screen uses it.
import type { ChatMessage as ContractChatMessage } from '@caravan/contract/chat';

/** newOnlinechat!list's items and the socket's message frames. */
export type RawChatMessage = Pick<ContractChatMessage, 'send_receive' | 'content'> & {
  id: string | number;
  type: string;
  createtime?: string | null;
  createdAt?: string | null;
};

export interface ChatMessage {
  id: string;
  /** written by the buyer */
  mine: boolean;
  type: 'text' | 'img';
  /** decoded text, or the image's URL */
  content: string;
  /** the platform's time, YYYY-MM-DD HH:mm:ss (shown) */
  createtime: string;
  /** the same instant as ISO (ordering), '' when the server did not say */
  at: string;
}
