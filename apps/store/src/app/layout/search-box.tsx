// The header search (spec sections 2, 4, 5): suggestions while typing (debounced), history of the
// signed-in user when the box is empty (10 distinct entries, newest first, clearing asks first), an
// empty search warns for 1.5 s. A light ARIA combobox rather than antd's AutoComplete, which would
// bring its select and virtual-list machinery into every page's initial bundle.
import { SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { addToHistory } from '@caravan/ui/search-history';
import { readJson, STORAGE_KEYS, writeJson } from '@caravan/ui/storage';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { store, useSession } from '../../lib/session.ts';
import { useMessage } from '../../components/feedback.tsx';
import { useDebounced } from '@caravan/ui/use-debounced';

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

/** The search path for a text: /searchGoods or /searchStore carry k as the JSON-encoded text. */
export function searchPath(kind: 'goods' | 'store', text: string): string {
  return `/${kind === 'goods' ? 'searchGoods' : 'searchStore'}?k=${encodeURIComponent(JSON.stringify(text))}`;
}

interface Option {
  id: string;
  kind: 'history' | 'store' | 'goods';
  value: string;
  label: ReactNode;
}

export function SearchBox() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const message = useMessage();
  const { token } = useSession();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [history, setHistory] = useState<string[]>([]);
  // the history belongs to the signed-in user: loaded on login, gone on logout
  useEffect(() => setHistory(token ? readJson<string[]>(store, STORAGE_KEYS.searchHistory, []) : []), [token]);

  const keyword = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    queryKey: ['search-keyword', keyword],
    queryFn: () => fetchSuggestions(keyword),
    enabled: keyword.length > 0,
    staleTime: 60_000,
  });

  const showingHistory = text.trim().length === 0;
  const options: Option[] = showingHistory
    ? history.map((entry, index) => ({ id: `${listId}-h${index}`, kind: 'history', value: entry, label: entry }))
    : [
        ...(suggestions.data?.sellerList ?? []).slice(0, 5).map((seller, index): Option => ({
          id: `${listId}-s${index}`,
          kind: 'store',
          value: seller.id,
          label: (
            <>
              <ShopOutlined aria-hidden="true" /> {seller.name}
            </>
          ),
        })),
        ...(suggestions.data?.goodsList ?? []).slice(0, 10).map((goods, index): Option => ({ id: `${listId}-g${index}`, kind: 'goods', value: goods.name, label: goods.name })),
      ];
  const expanded = open && (options.length > 0 || confirmingClear);

  const remember = (entry: string) => {
    if (!token) return;
    const next = addToHistory(history, entry);
    setHistory(next);
    writeJson(store, STORAGE_KEYS.searchHistory, next);
  };

  const submit = async (raw: string) => {
    const entry = raw.trim();
    if (entry.length === 0) {
      // the toast opens at the top centre, over the header's Search button, so usually right under the
      // pointer that just pressed it: pausing on hover would keep it there instead of 1.5 s
      void message.warning({ content: t('search.empty'), duration: EMPTY_SEARCH_WARNING_S, pauseOnHover: false });
      return;
    }
    remember(entry);
    setOpen(false);
    const found = await fetchSuggestions(entry).catch(() => undefined);
    // goods found go to the goods results, otherwise to the store results (spec section 4)
    const storesOnly = found !== undefined && found.goodsList.length === 0 && found.sellerList.length > 0;
    void navigate(searchPath(storesOnly ? 'store' : 'goods', entry));
  };

  const pick = (option: Option) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'store') {
      void navigate(`/store?id=${encodeURIComponent(option.value)}`);
      return;
    }
    setText(option.value);
    void submit(option.value);
  };

  const clearHistory = () => {
    setHistory([]);
    store.removeItem(STORAGE_KEYS.searchHistory);
    setConfirmingClear(false);
  };

  const groupTitle = (kind: Option['kind']) => (kind === 'history' ? t('search.history') : kind === 'store' ? t('search.stores') : t('search.goods'));

  return (
    <form
      className="header-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (expanded && active >= 0 && options[active]) pick(options[active]);
        else void submit(text);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setConfirmingClear(false);
        }
      }}
    >
      <div className="header-search-field">
        <input
          className="header-search-input"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
          placeholder={t('search.placeholder')}
          maxLength={200}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setOpen(true);
              const count = options.length;
              if (count > 0) setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
            } else if (event.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        {expanded && (
          <div className="header-search-popup">
            <ul id={listId} role="listbox" aria-label={showingHistory ? t('search.history') : t('search.label')} className="header-search-list">
              {options.map((option, index) => (
                <li key={option.id} className="header-search-item-wrap" role="presentation">
                  {(index === 0 || options[index - 1]?.kind !== option.kind) && (
                    <div className="header-search-group" role="presentation">
                      {groupTitle(option.kind)}
                    </div>
                  )}
                  <div
                    id={option.id}
                    role="option"
                    data-kind={option.kind}
                    aria-selected={index === active}
                    className={`header-search-item${index === active ? ' header-search-item-active' : ''}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => pick(option)}
                  >
                    {option.label}
                  </div>
                </li>
              ))}
            </ul>
            {showingHistory && history.length > 0 && (
              <div className="header-search-clear">
                {confirmingClear ? (
                  <>
                    <span>{t('search.clearHistoryConfirm')}</span>
                    <button type="button" className="header-search-link" onClick={clearHistory}>
                      {t('actions.confirm')}
                    </button>
                    <button type="button" className="header-search-link" onClick={() => setConfirmingClear(false)}>
                      {t('actions.cancel')}
                    </button>
                  </>
                ) : (
                  <button type="button" className="header-search-link" onClick={() => setConfirmingClear(true)}>
                    {t('search.clearHistory')}
                  </button>
                )}
              </div>
            )}
          </div>
        )}
      </div>
      <button type="submit" className="header-search-button" data-testid="search-submit">
        <SearchOutlined aria-hidden="true" /> {t('search.button')}
      </button>
    </form>
  );
}
