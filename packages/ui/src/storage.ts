// Local storage with the keys the spec lists (section 3), tolerant of a browser that refuses storage
// (private mode, quota): the store then works for the page's lifetime only.

export const STORAGE_KEYS = {
  token: 'ES_TOKEN',
  userInfo: 'userInfo',
  language: 'language',
  balance: 'userBalance',
  searchHistory: 'searchHistory',
  cart: 'cart',
  lastMessageId: 'ES_MESSAGE_LAST_ID',
  remindedOrders: 'remindOrderList',
  searchResult: 'searchResult',
  agentCode: 'agentCode',
  homeScroll: 'homeScrollTop',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** window.localStorage when usable, otherwise an in-memory store. */
export function browserStore(): KeyValueStore {
  try {
    const store = globalThis.localStorage;
    const probe = '__caravan_probe__';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return memoryStore();
  }
}

export function readJson<T>(store: KeyValueStore, key: string, fallback: T): T {
  const raw = store.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(store: KeyValueStore, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded: the value lives on in memory through the caller's state
  }
}
