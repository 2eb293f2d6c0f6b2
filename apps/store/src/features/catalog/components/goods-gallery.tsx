import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@caravan/ui/use-formatters';

/** Detail pictures are 800 x 800, thumbnails 320 x 320 (shown at 64). */
export const GALLERY_IMAGE_PX = 800;

export interface GalleryImage {
  large: string;
  thumb: string;
}

/** The goods' pictures: a large one and a row of thumbnails choosing it. */
export function GoodsGallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  const total = images.length;
  return (
    <div className="catalog-gallery">
      <div className="catalog-gallery-main">
        {current ? (
          <img
            src={current.large}
            alt={t('detail.pictureOf', { name, n: format.count(Math.min(index, total - 1) + 1), total: format.count(total) })}
            width={GALLERY_IMAGE_PX}
            height={GALLERY_IMAGE_PX}
            fetchPriority="high"
            decoding="async"
          />
        ) : (
          <span className="catalog-image-missing" role="img" aria-label={t('detail.noPicture')} />
        )}
      </div>
      {total > 1 && (
        <ul className="catalog-gallery-thumbs">
          {images.map((image, position) => (
            <li key={`${image.large}-${position}`}>
              <button
                type="button"
                className="catalog-gallery-thumb"
                aria-label={t('detail.showPicture', { n: format.count(position + 1), total: format.count(total) })}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
                onMouseEnter={() => setIndex(position)}
              >
                <img src={image.thumb || image.large} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
