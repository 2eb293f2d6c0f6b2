import type { ChatMessage } from '@caravan/contract/chat';

// What the chat publishes on the bus after a commit; every instance's socket server turns these into
// frames for its own sockets (the buyer's, and the operators'). Counters travel with the event so an
// instance never reads the database to fan out.

export const CHAT_CHANNEL = 'chat';

export type ChatEvent =
  | {
      kind: 'message';
      conversationId: string;
      userId: string;
      message: ChatMessage;
      buyerUnread: number;
      operatorUnread: number;
      /** the socket that sent it (it gets an `ack` instead) */
      originSocketId?: string | undefined;
    }
  | {
      kind: 'read';
      conversationId: string;
      userId: string;
      by: 'buyer' | 'operator';
      upToId: string | null;
      buyerUnread: number;
      operatorUnread: number;
    }
  | { kind: 'conversation'; conversationId: string; userId: string };
