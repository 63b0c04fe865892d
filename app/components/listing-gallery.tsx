import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { imageSrcSet, imageUrl } from '@domain/images';

interface Photo {
  blobKey: string;
  width: number;
  height: number;
  caption: string;
}

/**
 * The listing's photos: one large at a time, arrow keys and swipes move between them, thumbnails
 * below, and a full-screen view (a modal dialog, closed with Escape). The first photo loads
 * eagerly for LCP; the rest lazily.
 */
// size: markup: the stage, thumbnails and full-screen dialog, sharing the keys and swipes that move between photos
export function ListingGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const touchStart = useRef<number | null>(null);
  const count = photos.length;
  const photo = photos[index];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isFullScreen && !dialog.open) dialog.showModal();
    if (!isFullScreen && dialog.open) dialog.close();
  }, [isFullScreen]);

  if (!photo) return null;
  const go = (next: number) => setIndex((next + count) % count);
  const altOf = (item: Photo, position: number) =>
    item.caption || `Photo ${position + 1} of ${title}`;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? index + 1 : index - 1);
  };

  const controls = (
    <div className="gallery__controls">
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => go(index - 1)}
        disabled={count < 2}
      >
        <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> photo</span>
      </button>
      <span aria-live="polite">
        Photo {index + 1} of {count}
      </span>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => go(index + 1)}
        disabled={count < 2}
      >
        Next<span className="visually-hidden"> photo</span> <span aria-hidden="true">→</span>
      </button>
    </div>
  );

  return (
    <section className="gallery" aria-label="Photos" aria-roledescription="carousel">
      <div
        className="gallery__stage property__gallery"
        tabIndex={0}
        role="group"
        aria-label={`Photo ${index + 1} of ${count}; use the arrow keys to move between photos`}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <img
          src={imageUrl(photo.blobKey, 1280)}
          srcSet={imageSrcSet(photo.blobKey)}
          sizes="(min-width: 1100px) 1040px, calc(100vw - 2rem)"
          width={photo.width}
          height={photo.height}
          alt={altOf(photo, index)}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
      </div>
      {controls}
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => setIsFullScreen(true)}
      >
        View full screen
      </button>
      {count > 1 ? (
        <ol className="gallery__thumbs">
          {photos.map((item, position) => (
            <li key={`${item.blobKey}-${position}`}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-current={position === index ? 'true' : undefined}
                aria-label={`Show photo ${position + 1}`}
              >
                <img
                  src={imageUrl(item.blobKey, 160)}
                  width={160}
                  height={Math.round((160 * item.height) / item.width)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <dialog
        ref={dialogRef}
        className="gallery__dialog"
        aria-label="Photos, full screen"
        onClose={() => setIsFullScreen(false)}
        onKeyDown={onKeyDown}
      >
        {isFullScreen ? (
          <div onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            <img
              src={imageUrl(photo.blobKey, 1920)}
              srcSet={imageSrcSet(photo.blobKey)}
              sizes="100vw"
              width={photo.width}
              height={photo.height}
              alt={altOf(photo, index)}
            />
            {photo.caption ? <p>{photo.caption}</p> : null}
            {controls}
            <button
              type="button"
              className="button button--small"
              onClick={() => setIsFullScreen(false)}
            >
              Close full screen
            </button>
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
