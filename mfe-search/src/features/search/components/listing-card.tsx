import { formatMileage, formatPrice, formatVehicleName, routes, type Listing } from '@carmarket/shared';
import { Badge, Card } from '@carmarket/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Photo = styled.div`
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  margin: -1rem -1rem 0.75rem;
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
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A search result (spec §2): photo or 'No Image', price in whole dollars, miles, dealer badge. */
export function ListingCard({ listing }: { listing: Listing }) {
  const [imageFailed, setImageFailed] = useState(false);
  const { vehicle, primaryImage } = listing;
  const name = formatVehicleName(vehicle);
  const { city, state } = vehicle.location.address;

  return (
    <Card as="article">
      <Photo>
        {primaryImage && !imageFailed ? (
          <img
            src={primaryImage.thumbnail}
            alt={primaryImage.alt || name}
            onError={() => setImageFailed(true)}
          />
        ) : (
          'No Image'
        )}
      </Photo>
      <Title>
        <Link to={routes.listing(listing._id)}>{name}</Link>
      </Title>
      <Price>{formatPrice(listing.price.amount)}</Price>
      <Facts>
        {formatMileage(vehicle.mileage)} · {city}, {state}
      </Facts>
      {listing.dealerBadge && <Badge>Dealer</Badge>}
    </Card>
  );
}
