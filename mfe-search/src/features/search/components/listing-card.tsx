import {
  formatDaysOnMarket,
  formatMileage,
  formatPrice,
  formatVehicleName,
  photoSrcSet,
  PHOTO_SIZES_PX,
  routes,
  type SearchListing,
  type ViewMode,
} from '@carmarket/shared';
import { Badge, Card, DealRatingBadge } from '@carmarket/shared/ui';
import { useState } from 'react';
import { Link } from '@carmarket/shared/router';
import styled, { css } from 'styled-components';

const Article = styled(Card)<{ $mode: ViewMode }>`
  position: relative;
  ${({ $mode }) =>
    $mode === 'list' &&
    css`
      display: grid;
      grid-template-columns: minmax(8rem, 14rem) 1fr;
      gap: 1rem;
    `}
`;

// Every photo fills the same 4:3 box, cropped to it (object-fit: cover), whatever its own shape.
const Photo = styled.div<{ $mode: ViewMode }>`
  position: relative;
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  align-self: start;
  margin: ${({ $mode }) => ($mode === 'grid' ? '-1rem -1rem 0.75rem' : '0')};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};

  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

// Quiet until pointed at: the price is what the eye should find first. At most two lines.
const Title = styled.h2`
  display: -webkit-box;
  margin: 0 0 0.25rem;
  padding-right: 2.75rem;
  overflow: hidden;
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.35;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;

  a {
    color: inherit;
    text-decoration: none;
  }

  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.375rem;
  font-weight: 800;
`;

const Facts = styled.p`
  margin: 0.25rem 0 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Heart = styled.button`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.dangerText};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  cursor: pointer;
`;

// Thumbnails are at most 400 px on their long side; the box is 4:3 whatever the photo's shape.
const THUMBNAIL_WIDTH = PHOTO_SIZES_PX.thumbnail;
const THUMBNAIL_HEIGHT = (THUMBNAIL_WIDTH * 3) / 4;

/**
 * How wide the photo shows, for the browser's pick from its srcset: a phone's single column of
 * cards and two on a wider phone (15rem at least each), a card of a wide screen's grid (beside the
 * filters), the photo column of the list.
 */
const PHOTO_SIZES: Record<ViewMode, string> = {
  grid: '(max-width: 520px) 100vw, (max-width: 767px) 50vw, 20rem',
  list: '14rem',
};

/**
 * A search result (spec §2): photo ('No Image' without one, 'Processing…' while it is made after
 * its upload, 'No Image Available' when it fails to load), price in whole dollars, miles, place, days on market, the deal rating, Verified and dealer
 * badges, and the favorite heart. A card in the first
 * screenful loads its photo at once (`aboveTheFold`), the first one at high priority: it is the
 * page's largest paint; the others wait until they are scrolled near.
 */
export function ListingCard({
  listing,
  mode,
  onToggleFavorite,
  aboveTheFold = false,
  first = false,
}: {
  listing: SearchListing;
  mode: ViewMode;
  onToggleFavorite: (listing: SearchListing) => void;
  aboveTheFold?: boolean;
  first?: boolean;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const { vehicle, primaryImage } = listing;
  const name = formatVehicleName(vehicle);
  const { city, state } = vehicle.location.address;

  return (
    <Article as="article" $mode={mode} aria-label={name}>
      <Photo $mode={mode}>
        {!primaryImage ? (
          'No Image'
        ) : primaryImage.status === 'processing' ? (
          // Just uploaded: its file is being made (the listing page shows it once ready).
          'Processing…'
        ) : imageFailed ? (
          'No Image Available'
        ) : (
          <img
            src={primaryImage.thumbnail}
            srcSet={photoSrcSet(primaryImage, 'card')}
            sizes={PHOTO_SIZES[mode]}
            alt={primaryImage.alt || name}
            width={THUMBNAIL_WIDTH}
            height={THUMBNAIL_HEIGHT}
            loading={aboveTheFold ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            onError={() => setImageFailed(true)}
          />
        )}
      </Photo>
      <div>
        <Title>
          <Link to={routes.listing(listing._id)}>{name}</Link>
        </Title>
        <Price>{formatPrice(listing.price.amount)}</Price>
        <Facts>
          {formatMileage(vehicle.mileage)} · {city}, {state}
          <br />
          On the market: {formatDaysOnMarket(listing.createdAt)}
        </Facts>
        <Badges>
          {listing.dealRating && <DealRatingBadge band={listing.dealRating} />}
          {listing.verified && <Badge $tone="primary">Verified</Badge>}
          {listing.dealerBadge && <Badge>Dealer</Badge>}
        </Badges>
      </div>
      <Heart
        type="button"
        aria-pressed={listing.isFavorite}
        aria-label={listing.isFavorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
        onClick={() => onToggleFavorite(listing)}
      >
        <span aria-hidden="true">{listing.isFavorite ? '♥' : '♡'}</span>
      </Heart>
    </Article>
  );
}
