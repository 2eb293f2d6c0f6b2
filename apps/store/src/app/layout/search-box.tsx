import { DeleteOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { addToHistory } from '@caravan/ui/search-history';
import { readJson, STORAGE_KEYS, writeJson } from '@caravan/ui/storage';
import { useQuery } from '@tanstack/react-query';
import { App as AntApp, AutoComplete, Button, Input } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { store, useSession } from '../../lib/session.ts';

/** Suggestions wait for a pause in typing. */
export const SUGGEST_DEBOUNCE_MS = 250;
/** The empty-search warning stays 1.5 s (spec section 5). */
export const EMPTY_SEARCH_WARNING_S = 1.5;

interface Suggestions {
  sellerList: { id: string; name: string }[];
  goodsList: { goodsId: string; name: string }[];
}

function fetchSuggestions(keyword: string): Promise<Suggestions> {
  return api.call<Suggestions>('sellerGoods!search-keyword', { keyword }, { silent: true });
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The search path for a text: /searchGoods or /searchStore carry k as the JSON-encoded text. */
export function searchPath(kind: 'goods' | 'store', text: string): string {
  return `/${kind === 'goods' ? 'searchGoods' : 'searchStore'}?k=${encodeURIComponent(JSON.stringify(text))}`;
}

export function SearchBox() {
  const { t } = useTranslation('common');
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<string[]>(() => (token ? readJson<string[]>(store, STORAGE_KEYS.searchHistory, []) : []));
  // history belongs to the signed-in user: reload on login, gone on logout
  useEffect(() => setHistory(token ? readJson<string[]>(store, STORAGE_KEYS.searchHistory, []) : []), [token]);

  const keyword = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['search-keyword', keyword],
    queryFn: () => fetchSuggestions(keyword),
    enabled: keyword.length > 0,
    staleTime: 60_000,
  });

  const remember = (entry: string) => {
    if (!token) return;
    const next = addToHistory(history, entry);
    setHistory(next);
    writeJson(store, STORAGE_KEYS.searchHistory, next);
  };

  const submit = async (raw: string) => {
    const entry = raw.trim();
    if (entry.length === 0) {
      void message.warning(t('search.empty'), EMPTY_SEARCH_WARNING_S);
      return;
    }
    remember(entry);
    setOpen(false);
    const found = await fetchSuggestions(entry).catch(() => undefined);
    // goods found go to the goods results, otherwise to the store results (spec section 4)
    void navigate(searchPath(found && found.goodsList.length === 0 && found.sellerList.length > 0 ? 'store' : 'goods', entry));
  };

  const clearHistory = () => {
    modal.confirm({
      title: t('search.clearHistoryConfirm'),
      okText: t('actions.confirm'),
      cancelText: t('actions.cancel'),
      onOk: () => {
        setHistory([]);
        store.removeItem(STORAGE_KEYS.searchHistory);
      },
    });
  };

  type OptionGroup = { label: ReactNode; options: { value: string; label: ReactNode }[] };
  const options = ((): OptionGroup[] => {
    if (text.trim().length === 0) {
      if (history.length === 0) return [];
      return [
        {
          label: (
            <div className="search-history-title">
              <span>{t('search.history')}</span>
              <Button
                type="link"
                size="small"
                icon={<DeleteOutlined />}
                onMouseDown={(event) => event.preventDefault()}
                onClick={clearHistory}
                aria-label={t('search.clearHistory')}
              >
                {t('search.clearHistory')}
              </Button>
            </div>
          ),
          options: history.map((entry) => ({ value: `history:${entry}`, label: entry })),
        },
      ];
    }
    const data = suggestions.data;
    if (!data) return [];
    return [
      ...(data.sellerList.length > 0
        ? [
            {
              label: t('search.stores'),
              options: data.sellerList.slice(0, 5).map((seller) => ({
                value: `store:${seller.id}`,
                label: (
                  <span>
                    <ShopOutlined /> {seller.name}
                  </span>
                ),
              })),
            },
          ]
        : []),
      ...(data.goodsList.length > 0
        ? [{ label: t('search.goods'), options: data.goodsList.slice(0, 10).map((goods) => ({ value: `goods:${goods.name}`, label: goods.name })) }]
        : []),
    ];
  })();

  const pick = (value: string) => {
    const [kind, ...rest] = value.split(':');
    const payload = rest.join(':');
    if (kind === 'store') {
      setOpen(false);
      void navigate(`/store?id=${encodeURIComponent(payload)}`);
      return;
    }
    setText(payload);
    void submit(payload);
  };

  return (
    <div className="header-search" role="search">
      <AutoComplete
        className="header-search-input"
        value={text}
        options={options}
        open={open && options.length > 0}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(value: string) => {
          if (!value.includes(':') || !/^(history|store|goods):/.test(value)) setText(value);
          setOpen(true);
        }}
        onSelect={(value: string) => pick(value)}
      >
        <Input
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          maxLength={200}
          onPressEnter={(event) => {
            event.preventDefault();
            void submit((event.target as HTMLInputElement).value);
          }}
        />
      </AutoComplete>
      <Button type="primary" icon={<SearchOutlined />} onClick={() => void submit(text)} data-testid="search-submit">
        {t('search.button')}
      </Button>
    </div>
  );
}
