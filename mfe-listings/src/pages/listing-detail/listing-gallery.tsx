import { photoSrcSet, useHydrated, type ListingImage } from '@carmarket/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { GalleryViewer } from './gallery-viewer';
import { ListingPhoto } from './listing-photo';

/**
 * How wide the main photo shows: the page's width on a phone and a tablet, two thirds of the page
 * beside the contact card from the lg breakpoint (the page is at most 1280 px wide).
 */
const MAIN_PHOTO_SIZES = '(max-width: 1023px) 100vw, min(66vw, 52rem)';

const Stage = styled.div`
  position: relative;
`;

const Main = styled.button`
  display: block;
  width: 100%;
  aspect-ratio: 4 / 3;
  max-height: 32rem;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: zoom-in;
`;

// Dark glass over the photo whatever the theme: white on 70% black stays legible on any picture.
const Turn = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: 0.5rem;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  padding: 0;
  border: 1px solid rgb(255 255 255 / 70%);
  border-radius: 50%;
  background: rgb(0 0 0 / 70%);
  color: #fff;
  font-size: 1.5rem;
  line-height: 1;
  transform: translateY(-50%);
  cursor: pointer;
`;

const Counter = styled.p`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  margin: 0;
  padding: 0.125rem 0.5rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgb(0 0 0 / 70%);
  color: #fff;
  font-size: 0.875rem;
  pointer-events: none;
`;

const Thumbs = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(4.5rem, 1fr));
  gap: 0.5rem;
  margin: 0.5rem 0 0;
  padding: 0;
  list-style: none;
`;

const Thumb = styled.button`
  display: block;
  width: 100%;
  aspect-ratio: 4 / 3;
  padding: 0;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: pointer;

  &[aria-current='true'] {
    border-color: ${({ theme }) => theme.colors.tones.primary.background};
  }
`;

const NoPhotos = styled.div`
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  max-height: 32rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * The photo, opening on the primary one, with previous/next buttons, the arrow keys anywhere in
 * the gallery, thumbnails to pick another, and a fullscreen viewer opened from the photo.
 */
export function ListingGallery({ images, name }: { images: ListingImage[]; name: string }) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      images.findIndex((image) => image.isPrimary),
    ),
  );
  const [fullscreen, setFullscreen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasFullscreen = useRef(false);
  const hydrated = useHydrated();
  const current = images[index];

  // Back on the photo once the viewer has closed: while the modal is open the page is inert.
  useEffect(() => {
    if (wasFullscreen.current && !fullscreen) opener.current?.focus();
    wasFullscreen.current = fullscreen;
  }, [fullscreen]);

  if (!current) return <NoPhotos>No photos yet</NoPhotos>;
  const altOf = (image: ListingImage, position: number) => image.alt || `${name} photo ${position + 1}`;
  const several = images.length > 1;
  const turn = (step: number) => setIndex((index + step + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    // The fullscreen viewer inside the gallery turns the photo itself and marks the key as handled.
    if (!several || event.defaultPrevented) return;
    if (event.key === 'ArrowRight') turn(1);
    else if (event.key === 'ArrowLeft') turn(-1);
    else return;
    event.preventDefault();
  };

  return (
    // The arrow keys work from any control in the gallery (the photo, the arrows, the thumbnails).
    <section aria-label="Photos" onKeyDown={onKeyDown}>
      <Stage>
        <Main
          ref={opener}
          type="button"
          disabled={!hydrated}
          onClick={() => setFullscreen(true)}
          aria-label={`View photo ${index + 1} of ${images.length} full screen`}
        >
          <ListingPhoto
            src={current.url}
            srcSet={photoSrcSet(current, 'page')}
            sizes={MAIN_PHOTO_SIZES}
            alt={altOf(current, index)}
            processing={current.status === 'processing'}
            loading="eager"
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        </Main>
        {several && (
          <>
            <Turn
              type="button"
              $side="left"
              disabled={!hydrated}
              onClick={() => turn(-1)}
              aria-label="Previous photo"
            >
              <span aria-hidden="true">‹</span>
            </Turn>
            <Turn
              type="button"
              $side="right"
              disabled={!hydrated}
              onClick={() => turn(1)}
              aria-label="Next photo"
            >
              <span aria-hidden="true">›</span>
            </Turn>
            <Counter aria-live="polite">
              Photo {index + 1} of {images.length}
            </Counter>
          </>
        )}
      </Stage>
      {several && (
        <Thumbs>
          {images.map((image, position) => (
            <li key={image.publicId}>
              <Thumb
                type="button"
                disabled={!hydrated}
                aria-current={position === index}
                aria-label={`Show photo ${position + 1} of ${images.length}`}
                onClick={() => setIndex(position)}
              >
                <ListingPhoto
                  src={image.thumbnail}
                  alt=""
                  processing={image.status === 'processing'}
                  loading="lazy"
                />
              </Thumb>
            </li>
          ))}
        </Thumbs>
      )}
      {fullscreen && (
        <GalleryViewer
          images={images}
          index={index}
          altOf={altOf}
          onIndexChange={setIndex}
          onClose={() => setFullscreen(false)}
        />
      )}
    </section>
  );
}
