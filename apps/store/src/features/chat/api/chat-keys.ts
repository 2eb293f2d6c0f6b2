// Query keys of the chat feature (the unread count per signed-in viewer: lib/session.ts viewerKey).
export const chatKeys = {
  all: ['chat'] as const,
  unread: (viewer: string) => ['chat', 'unread', viewer] as const,
};
