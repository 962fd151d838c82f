import {
  formatLongDate,
  formatMileage,
  formatPrice,
  formatVehicleName,
  FUEL_TYPE_LABELS,
  NOT_AVAILABLE,
  routes,
  truncate,
  TRANSMISSION_LABELS,
  useListing,
  type Listing,
  RemoteRoot,
} from '@carmarket/shared';
import { Badge, Button, Card, PageContainer, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import { Link, useParams } from '@carmarket/shared/router';
import styled from 'styled-components';
import { ListingActions } from './listing-actions';
import { ListingGallery } from './listing-gallery';
import { SimilarCars } from './similar-cars';
import { useDocumentMeta } from './use-document-meta';
import { FactGrid, ListingFeatures, VehicleDetails } from './vehicle-details';

const DESCRIPTION_META_LENGTH = 160;

const Breadcrumb = styled.nav`
  margin: 0 0 1rem;

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

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr);
    align-items: start;
  }
`;

const Column = styled.div`
  display: grid;
  gap: 1rem;
  min-width: 0;
`;

const Heading = styled.div`
  h1 {
    margin: 0 0 0.25rem;
    overflow-wrap: anywhere;
  }
`;

const Price = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
  font-size: 1.75rem;
  font-weight: 800;
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
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

function QuickFacts({ listing }: { listing: Listing }) {
  const { vehicle } = listing;
  const { city, state } = vehicle.location.address;
  const facts: [string, string][] = [
    ['Mileage', vehicle.mileage === null ? NOT_AVAILABLE : formatMileage(vehicle.mileage)],
    ['Transmission', TRANSMISSION_LABELS[vehicle.transmission] ?? NOT_AVAILABLE],
    ['Fuel type', FUEL_TYPE_LABELS[vehicle.fuelType] ?? NOT_AVAILABLE],
    ['Location', [city, state].filter(Boolean).join(', ') || NOT_AVAILABLE],
  ];
  return (
    <FactGrid aria-label="Quick facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </FactGrid>
  );
}

/** Seller Information: views and saves are shown for active listings only (spec §2). */
function SellerInformation({ listing }: { listing: Listing }) {
  const active = listing.status === 'active';
  return (
    <Card as="section" aria-labelledby="seller-information">
      <h2 id="seller-information">Seller Information</h2>
      <FactGrid>
        {listing.seller.name && (
          <div>
            <dt>Seller</dt>
            <dd>{listing.seller.name}</dd>
          </div>
        )}
        <div>
          <dt>Seller type</dt>
          <dd>{listing.seller.role === 'dealer' ? 'Dealer' : 'Private Seller'}</dd>
        </div>
        <div>
          <dt>Listed</dt>
          <dd>{formatLongDate(listing.createdAt)}</dd>
        </div>
        {active && (
          <>
            <div>
              <dt>Views</dt>
              <dd>{listing.views}</dd>
            </div>
            <div>
              <dt>Favorites</dt>
              <dd>{listing.favoriteCount}</dd>
            </div>
          </>
        )}
      </FactGrid>
    </Card>
  );
}

function ListingDetail({ listing }: { listing: Listing }) {
  const name = formatVehicleName(listing.vehicle);
  const shortName = formatVehicleName({ ...listing.vehicle, trim: null });
  return (
    <>
      <Breadcrumb aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={routes.home}>Home</Link>
          </li>
          <li>
            <Link to={routes.search}>Search</Link>
          </li>
          <li aria-current="page">{shortName}</li>
        </ol>
      </Breadcrumb>
      <Layout>
        <Column>
          <ListingGallery images={listing.vehicle.images} name={shortName} />
          <Heading>
            <h1>{name}</h1>
            <Price>
              {formatPrice(listing.price.amount)}
              {listing.price.negotiable && <Badge>Negotiable</Badge>}
              {listing.hasWarranty && <Badge $tone="success">Warranty included</Badge>}
              {listing.acceptsTradeIn && <Badge $tone="success">Trade-ins accepted</Badge>}
              {listing.financingAvailable && <Badge $tone="success">Financing available</Badge>}
              {listing.status === 'sold' && <Badge $tone="danger">Sold</Badge>}
            </Price>
          </Heading>
          <QuickFacts listing={listing} />
          <VehicleDetails vehicle={listing.vehicle} />
          {listing.description && (
            <Card as="section" aria-labelledby="listing-description">
              <h2 id="listing-description">Description</h2>
              <Description>{listing.description}</Description>
            </Card>
          )}
          <ListingFeatures features={listing.vehicle.features} />
        </Column>
        <Column>
          <ListingActions listing={listing} />
          <SellerInformation listing={listing} />
        </Column>
      </Layout>
    </>
  );
}

/** /listing/{id} (spec §2): loading, 'Listing not found', or the listing with its similar cars. */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const { data: listing, isPending, isError } = useListing(id);
  useDocumentMeta(
    listing &&
      `${formatVehicleName({ ...listing.vehicle, trim: null })} — ${formatPrice(listing.price.amount)} | CarMarket`,
    listing && truncate(listing.description || listing.title, DESCRIPTION_META_LENGTH),
  );

  return (
    <RemoteRoot remote="mfe_listings">
      <PageContainer>
        {isPending ? (
          <div role="status">
            <VisuallyHidden>Loading listing...</VisuallyHidden>
            <Skeleton $height="2rem" $width="50%" />
            <Skeleton $height="20rem" />
          </div>
        ) : isError ? (
          // Spec §8: a load error and a missing listing both show the not-found screen.
          <ListingNotFound />
        ) : (
          <>
            <ListingDetail listing={listing} />
            <SimilarCars listingId={listing._id} />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
