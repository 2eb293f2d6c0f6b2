// Query keys of the chat feature (the unread count per signed-in session).
export const chatKeys = {
  all: ['chat'] as const,
  unread: (token: string | null) => ['chat', 'unread', token ?? ''] as const,
};
