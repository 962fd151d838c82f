import type { ListingImage } from '@carmarket/shared';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { GalleryViewer } from './gallery-viewer';
import { ListingPhoto } from './listing-photo';

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

/** The photo, thumbnails to pick another, and a fullscreen viewer opened from the photo. */
export function ListingGallery({ images, name }: { images: ListingImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasFullscreen = useRef(false);
  const current = images[index];

  // Back on the photo once the viewer has closed: while the modal is open the page is inert.
  useEffect(() => {
    if (wasFullscreen.current && !fullscreen) opener.current?.focus();
    wasFullscreen.current = fullscreen;
  }, [fullscreen]);

  if (!current) return <NoPhotos>No photos yet</NoPhotos>;
  const altOf = (image: ListingImage, position: number) => image.alt || `${name} photo ${position + 1}`;

  return (
    <section aria-label="Photos">
      <Main
        ref={opener}
        type="button"
        onClick={() => setFullscreen(true)}
        aria-label={`View photo ${index + 1} of ${images.length} full screen`}
      >
        <ListingPhoto src={current.url} alt={altOf(current, index)} loading="eager" />
      </Main>
      {images.length > 1 && (
        <Thumbs>
          {images.map((image, position) => (
            <li key={image.publicId}>
              <Thumb
                type="button"
                aria-current={position === index}
                aria-label={`Show photo ${position + 1} of ${images.length}`}
                onClick={() => setIndex(position)}
              >
                <ListingPhoto src={image.thumbnail} alt="" loading="lazy" />
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
