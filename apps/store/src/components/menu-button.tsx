// A light disclosure menu (button + list) for the shell, where antd's Dropdown would cost the initial
// bundle its menu and trigger machinery. Keyboard: Enter/Space/ArrowDown open, arrows move, Escape
// closes and returns focus, Tab leaves.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  selected?: boolean;
  lang?: string;
}

export function MenuButton({ label, ariaLabel, items, className, testId }: { label: ReactNode; ariaLabel?: string; items: MenuButtonItem[]; className?: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    // the checked entry (the current language) when there is one, else the first entry; a selector list
    // would match in document order and always pick the first entry
    const first = root.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]') ?? root.current?.querySelector<HTMLButtonElement>('[role^="menuitem"]');
    first?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const move = (delta: number) => {
    const entries = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLButtonElement);
    entries[(index + delta + entries.length) % entries.length]?.focus();
  };

  return (
    <div className={`menu-button ${className ?? ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu-button-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="menu-button-list"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false);
              button.current?.focus();
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              move(1);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              move(-1);
            } else if (event.key === 'Tab') {
              setOpen(false);
            }
          }}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={item.selected === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.selected}
              lang={item.lang}
              className={`menu-button-item${item.selected ? ' menu-button-item-selected' : ''}`}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
