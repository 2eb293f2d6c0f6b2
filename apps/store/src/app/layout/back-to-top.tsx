import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useScrollPast } from './use-scroll-past.ts';

/** Shown after 100 px of scrolling (spec section 9). */
export const BACK_TO_TOP_AFTER_PX = 100;

export function BackToTop() {
  const visible = useScrollPast(BACK_TO_TOP_AFTER_PX);
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top" aria-label={t('backToTop')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <VerticalAlignTopOutlined aria-hidden="true" />
    </button>
  );
}
