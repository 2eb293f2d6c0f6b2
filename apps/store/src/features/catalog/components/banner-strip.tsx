import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTarget } from '../links.ts';
import { useFormatters } from '@caravan/ui/use-formatters';

/** Home banners are drawn 1600 x 480. */
export const BANNER_WIDTH_PX = 1600;
export const BANNER_HEIGHT_PX = 480;

export interface BannerSlide {
  id: string;
  imgUrl: string;
  link: string;
  title: string;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Slide({ banner, index }: { banner: BannerSlide; index: number }) {
  const image = (
    <img
      src={banner.imgUrl}
      alt={banner.title}
      width={BANNER_WIDTH_PX}
      height={BANNER_HEIGHT_PX}
      // the first banner is the largest thing on the home page: fetched first; the others when scrolled to
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : 'auto'}
      decoding="async"
    />
  );
  const target = linkTarget(banner.link);
  if (target?.kind === 'internal') return <Link to={target.to}>{image}</Link>;
  if (target?.kind === 'external') return <a href={target.href} rel="noopener noreferrer">{image}</a>;
  return image;
}

/**
 * A scroll-snap strip of banners (no carousel library): swipe or scroll on touch screens and
 * trackpads, previous / next buttons and one button per banner otherwise. It never moves by itself.
 */
export function BannerStrip({ banners }: { banners: BannerSlide[] }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const listRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (banners.length === 0) return null;

  const go = (index: number) => {
    const count = banners.length;
    const target = ((index % count) + count) % count;
    const slide = listRef.current?.children[target];
    // scrollIntoView follows the writing direction, so right-to-left needs nothing special
    if (slide instanceof HTMLElement) slide.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'nearest', inline: 'start' });
    setCurrent(target);
  };
  const onScroll = () => {
    const list = listRef.current;
    if (!list || list.clientWidth === 0) return;
    const index = Math.round(Math.abs(list.scrollLeft) / list.clientWidth);
    if (index !== current && index >= 0 && index < banners.length) setCurrent(index);
  };

  return (
    <section className="catalog-banners" aria-roledescription={t('banners.carousel')} aria-label={t('banners.label')}>
      <ul className="catalog-banner-list" ref={listRef} onScroll={onScroll}>
        {banners.map((banner, index) => (
          <li
            key={banner.id}
            className="catalog-banner"
            aria-roledescription={t('banners.slide')}
            aria-label={t('banners.position', { n: format.count(index + 1), total: format.count(banners.length) })}
          >
            <Slide banner={banner} index={index} />
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <div className="catalog-banner-controls">
          <button type="button" className="catalog-banner-step" onClick={() => go(current - 1)} aria-label={t('banners.previous')}>
            <LeftOutlined className="catalog-flip" aria-hidden="true" />
          </button>
          <ul className="catalog-banner-dots">
            {banners.map((banner, index) => (
              <li key={banner.id}>
                <button
                  type="button"
                  className="catalog-banner-dot"
                  aria-label={t('banners.show', { title: banner.title || format.count(index + 1) })}
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => go(index)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="catalog-banner-step" onClick={() => go(current + 1)} aria-label={t('banners.next')}>
            <RightOutlined className="catalog-flip" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}
