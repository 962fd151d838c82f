import { useState } from 'react';
import styled from 'styled-components';

const Img = styled.img<{ $fit: 'cover' | 'contain' }>`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: ${({ $fit }) => $fit};
`;

const Broken = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;

/** A listing photo; one that fails to load says so (spec §2) instead of showing a broken image. */
export function ListingPhoto({
  src,
  alt,
  fit = 'cover',
  loading,
  fetchPriority,
}: {
  src: string;
  alt: string;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest photo, so the browser fetches it before other images. */
  fetchPriority?: 'high' | 'auto';
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src)
    return (
      <Broken role="img" aria-label={`${alt}: Image could not be loaded`}>
        Image could not be loaded
      </Broken>
    );
  return (
    <Img
      src={src}
      alt={alt}
      $fit={fit}
      loading={loading}
      fetchPriority={fetchPriority}
      onError={() => setFailedSrc(src)}
    />
  );
}
