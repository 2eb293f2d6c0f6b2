// What the shared React pieces (wallet withdrawal, fund-password step) need from the app that shows them:
// its legacy API client, a link to the page where a fund password is set (a route of the store; the
// seller panel links to the store's page), and its toast. Each app provides it once, at its root.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ApiClient } from './api-client.ts';

export interface UiContextValue {
  api: ApiClient;
  /** A link to where the user sets a fund password (a router link in the store, a plain link elsewhere). */
  FundPasswordLink: ComponentType<{ className?: string; children: ReactNode }>;
  /** The app's toasts (antd messages with its theme and direction). */
  toast: { success: (text: string) => void; warning: (text: string) => void; error: (text: string) => void };
  /** Called with the spendable balance each time it is read (the store keeps it in local storage). */
  onBalance?: (money: string) => void;
}

const UiContext = createContext<UiContextValue | undefined>(undefined);

export function UiProvider({ value, children }: { value: UiContextValue; children: ReactNode }) {
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiContext(): UiContextValue {
  const value = useContext(UiContext);
  if (!value) throw new Error('useUiContext() outside <UiProvider>');
  return value;
}

/** The app's legacy API client. */
export function useApi(): ApiClient {
  return useUiContext().api;
}
