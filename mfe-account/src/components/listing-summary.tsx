import {
  formatCount,
  formatMileage,
  formatPrice,
  formatVehicleName,
  isHiddenForPhotos,
  routes,
  type Listing,
} from '@carmarket/shared';
import { Badge, Card, Thumbnail } from '@carmarket/shared/ui';
import type { ReactNode, Ref } from 'react';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';

const Item = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

const Car = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.05rem;

  a {
    color: inherit;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

const Muted = styled.p`
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A listing in the dashboard and favorites lists; views and saves show for active ones only (spec §2).
 * Its owner also sees why a listing is not live: sold, or hidden until it has enough photos. A price
 * that just fell says by how much (issue 16: favorites show the drop).
 * `titleRef` reaches the title's link, for moving focus onto the listing.
 */
export function ListingSummary({
  listing,
  actions,
  titleRef,
}: {
  listing: Listing;
  actions?: ReactNode;
  titleRef?: Ref<HTMLAnchorElement>;
}) {
  const active = listing.status === 'active';
  const hidden = isHiddenForPhotos(listing);
  return (
    <Item as="li">
      <Car>
        <Thumbnail
          src={listing.primaryImage?.thumbnail}
          processing={listing.primaryImage?.status === 'processing'}
        />
        <div>
          <Title>
            <Link ref={titleRef} to={routes.listing(listing._id)}>
              {formatVehicleName(listing.vehicle)}
            </Link>
          </Title>
          <Muted>
            {formatPrice(listing.price.amount)} · {formatMileage(listing.vehicle.mileage)}
            {active &&
              !hidden &&
              ` · ${formatCount(listing.views, 'view')} · ${formatCount(listing.favoriteCount, 'save')}`}
          </Muted>
          <Badges>
            {!active && <Badge>Sold</Badge>}
            {hidden && <Badge $tone="warning">Hidden: needs photos</Badge>}
            {active && listing.priceDrop && (
              <Badge $tone="success">Price dropped {formatPrice(listing.priceDrop.amount)}</Badge>
            )}
          </Badges>
        </div>
      </Car>
      {actions}
    </Item>
  );
}
