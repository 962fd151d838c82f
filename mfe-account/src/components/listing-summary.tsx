import { formatMileage, formatPrice, formatVehicleName, routes, type Listing } from '@carmarket/shared';
import { Badge, Card } from '@carmarket/shared/ui';
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

const Title = styled.h3`
  margin: 0;
  font-size: 1.05rem;

  a {
    color: inherit;
  }
`;

const Muted = styled.p`
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A listing in the dashboard and favorites lists; views and saves show for active ones only (spec §2).
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
  return (
    <Item as="li">
      <div>
        <Title>
          <Link ref={titleRef} to={routes.listing(listing._id)}>
            {formatVehicleName(listing.vehicle)}
          </Link>
        </Title>
        <Muted>
          {formatPrice(listing.price.amount)} · {formatMileage(listing.vehicle.mileage)}
          {active && ` · ${listing.views} views · ${listing.favoriteCount} saves`}
        </Muted>
        {!active && <Badge>Sold</Badge>}
      </div>
      {actions}
    </Item>
  );
}
