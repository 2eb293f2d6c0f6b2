// Toasts for code outside React components (the API client's error toast, logout): the layout
// registers antd's context-aware message instance once it has rendered.
import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | undefined;

export function registerMessage(next: MessageInstance): void {
  instance = next;
}

export const message = {
  success: (text: string, durationS?: number) => instance?.success(text, durationS),
  error: (text: string, durationS?: number) => instance?.error(text, durationS),
  warning: (text: string, durationS?: number) => instance?.warning(text, durationS),
  info: (text: string, durationS?: number) => instance?.info(text, durationS),
};
