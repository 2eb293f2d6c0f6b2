// The lucky-draw box of the home page: shown while an activity runs, it opens the activity's page
// (a web address the console checked; anything else is not linked) in a new tab. Closing it hides that
// activity for the rest of the browser session.
import { CloseOutlined, GiftOutlined } from '@ant-design/icons';
import { useHydrated } from '@caravan/ui/use-hydrated';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentActivity } from '../api/get-current-activity.ts';
import { linkTarget } from '../links.ts';

const DISMISSED_KEY = 'luckyDrawDismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function LuckyDrawBox() {
  const { t } = useTranslation('catalog');
  const activity = useCurrentActivity();
  // the browser session's storage is read once the page has hydrated (a server-rendered page cannot know it)
  const hydrated = useHydrated();
  const [dismissedNow, setDismissed] = useState<string | null>(null);
  const dismissed = dismissedNow ?? (hydrated ? readDismissed() : null);
  const draw = activity.data;
  const target = linkTarget(draw?.detailUrl);
  if (!draw?.id || draw.running !== '1' || target?.kind !== 'external' || dismissed === draw.id) return null;
  const id = draw.id;
  const dismiss = () => {
    setDismissed(id);
    try {
      sessionStorage.setItem(DISMISSED_KEY, id);
    } catch {
      // storage refused: hidden until the page reloads
    }
  };
  return (
    <aside className="catalog-lucky-draw" aria-labelledby="lucky-draw-title">
      <GiftOutlined className="catalog-lucky-draw-icon" aria-hidden="true" />
      <div className="catalog-lucky-draw-text">
        <h2 id="lucky-draw-title">{t('luckyDraw.title')}</h2>
        <p>{draw.title}</p>
      </div>
      <a className="catalog-button catalog-lucky-draw-open" href={target.href} target="_blank" rel="noopener noreferrer">
        {t('luckyDraw.open')}
      </a>
      <button type="button" className="catalog-lucky-draw-close" onClick={dismiss} aria-label={t('luckyDraw.dismiss')}>
        <CloseOutlined aria-hidden="true" />
      </button>
    </aside>
  );
}
