import { useState } from 'react';
import styled from 'styled-components';

const Img = styled.img<{ $fit: 'cover' | 'contain' }>`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
`;

const Placeholder = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;

/**
 * A listing photo; one that fails to load says so (spec §2) instead of showing a broken image, and
 * one still processing after its upload says that, in the photo's place, until it is ready.
 */
export function ListingPhoto({
  src,
  alt,
  processing = false,
  fit = 'cover',
  srcSet,
  sizes,
  loading,
  fetchPriority,
}: {
  src: string;
  /** The other sizes of the photo, and how wide it shows (photoSrcSet). */
  srcSet?: string;
  sizes?: string;
  alt: string;
  processing?: boolean;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest photo, so the browser fetches it before other images. */
  fetchPriority?: 'high' | 'auto';
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (processing)
    return (
      <Placeholder role="img" aria-label={`${alt || 'Photo'}: Processing…`}>
        Processing…
      </Placeholder>
    );
  if (failedSrc === src)
    return (
      <Placeholder role="img" aria-label={`${alt}: Image could not be loaded`}>
        Image could not be loaded
      </Placeholder>
    );
  return (
    <Img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      alt={alt}
      $fit={fit}
      loading={loading}
      fetchPriority={fetchPriority}
      onError={() => setFailedSrc(src)}
    />
  );
}
