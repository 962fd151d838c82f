import {
  formatMileage,
  formatPrice,
  formatVehicleName,
  routes,
  type Listing,
  type ViewMode,
} from '@carmarket/shared';
import { Badge, Card } from '@carmarket/shared/ui';
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

const Photo = styled.div<{ $mode: ViewMode }>`
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  margin: ${({ $mode }) => ($mode === 'grid' ? '-1rem -1rem 0.75rem' : '0')};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Title = styled.h2`
  margin: 0 0 0.25rem;
  padding-right: 2.75rem;
  font-size: 1.125rem;

  a {
    color: inherit;
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
`;

const Facts = styled.p`
  margin: 0.25rem 0 0.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
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

/**
 * A search result (spec §2): photo ('No Image' without one, 'No Image Available' when it fails to
 * load), price in whole dollars, miles, dealer badge, and the favorite heart.
 */
export function ListingCard({
  listing,
  mode,
  onToggleFavorite,
}: {
  listing: Listing;
  mode: ViewMode;
  onToggleFavorite: (listing: Listing) => void;
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
        ) : imageFailed ? (
          'No Image Available'
        ) : (
          <img
            src={primaryImage.thumbnail}
            alt={primaryImage.alt || name}
            loading="lazy"
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
        </Facts>
        {listing.dealerBadge && <Badge>Dealer</Badge>}
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
