import {
  formatLongDate,
  formatMileage,
  formatPrice,
  formatVehicleName,
  FUEL_TYPE_LABELS,
  NOT_AVAILABLE,
  routes,
  TRANSMISSION_LABELS,
  useSessionStore,
} from '@carmarket/shared';
import { Badge, Button, Card, PageContainer, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useListing } from '../../features/listing/api/get-listing';
import { RemoteRoot } from '../../remote-root';

const Breadcrumb = styled.nav`
  margin: 1rem 0;

  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li + li::before {
    content: '/';
    margin-right: 0.5rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.5rem 1rem;
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.75rem;
  font-weight: 800;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 1rem;
  margin: 1.5rem 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

const NotFound = styled.div`
  padding: ${({ theme }) => `${theme.space.xxl} 0`};
  text-align: center;
`;

function ListingNotFound() {
  return (
    <NotFound>
      <h1>Listing not found</h1>
      <p>The listing you&apos;re looking for doesn&apos;t exist or has been removed.</p>
      <Button as={Link} to={routes.search}>
        Browse Cars
      </Button>
    </NotFound>
  );
}

/** /listing/{id} (spec §2): loading, not found, or the listing's title, price, quick facts and seller. */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const { data: listing, isPending, isError } = useListing(id);
  const userId = useSessionStore((state) => state.user?._id);

  return (
    <RemoteRoot>
      <PageContainer>
        {isPending ? (
          <div role="status">
            <VisuallyHidden>Loading listing…</VisuallyHidden>
            <Skeleton $height="2rem" $width="50%" />
            <Skeleton $height="20rem" />
          </div>
        ) : isError ? (
          // Spec §8: a load error and a missing listing both show the not-found screen.
          <ListingNotFound />
        ) : (
          <>
            <Breadcrumb aria-label="Breadcrumb">
              <ol>
                <li>
                  <Link to={routes.home}>Home</Link>
                </li>
                <li>
                  <Link to={routes.search}>Search</Link>
                </li>
                <li aria-current="page">{formatVehicleName({ ...listing.vehicle, trim: null })}</li>
              </ol>
            </Breadcrumb>
            <Heading>
              <h1>{formatVehicleName(listing.vehicle)}</h1>
              <Price>
                {formatPrice(listing.price.amount)} {listing.price.negotiable && <Badge>Negotiable</Badge>}
              </Price>
            </Heading>
            <Facts>
              <div>
                <dt>Mileage</dt>
                <dd>{formatMileage(listing.vehicle.mileage)}</dd>
              </div>
              <div>
                <dt>Transmission</dt>
                <dd>{TRANSMISSION_LABELS[listing.vehicle.transmission] ?? NOT_AVAILABLE}</dd>
              </div>
              <div>
                <dt>Fuel type</dt>
                <dd>{FUEL_TYPE_LABELS[listing.vehicle.fuelType] ?? NOT_AVAILABLE}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>
                  {[listing.vehicle.location.address.city, listing.vehicle.location.address.state]
                    .filter(Boolean)
                    .join(', ') || NOT_AVAILABLE}
                </dd>
              </div>
            </Facts>
            <Sections>
              {listing.description && (
                <Card>
                  <h2>Description</h2>
                  <p>{listing.description}</p>
                </Card>
              )}
              <Card>
                <h2>Seller Information</h2>
                <p>{listing.seller.role === 'dealer' ? 'Dealer' : 'Private Seller'}</p>
                <p>Listed {formatLongDate(listing.createdAt)}</p>
                {listing.seller._id === userId && <Badge>Your Listing</Badge>}
              </Card>
            </Sections>
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
