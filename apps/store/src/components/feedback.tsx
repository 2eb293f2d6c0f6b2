// Toasts with the app's context (theme, direction, locale): one antd message instance for the whole
// store, shared through React context and registered for code outside components (lib/toast.ts).
// Deliberately not antd's <App>: that would bring the modal and notification code into the first
// load for every page; the few confirmations use Modal.useModal() in their own (lazy) chunks.
import { message as antdMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { registerMessage } from '../lib/toast.ts';

const MessageContext = createContext<MessageInstance | undefined>(undefined);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = antdMessage.useMessage();
  useEffect(() => registerMessage(api), [api]);
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The store's message (toast) instance; needs <FeedbackProvider> above. */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage() outside <FeedbackProvider>');
  return api;
}
