// Toasts for code outside React components (the API client's error toast): the app registers antd's
// context-aware message instance once it has rendered.
import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | undefined;

export function registerMessage(next: MessageInstance): void {
  instance = next;
}

export const toast = {
  success: (text: string) => void instance?.success(text),
  warning: (text: string) => void instance?.warning(text),
  error: (text: string) => void instance?.error(text),
};
