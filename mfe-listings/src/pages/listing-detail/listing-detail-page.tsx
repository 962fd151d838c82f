import {
  formatDaysOnMarket,
  formatMileage,
  formatPrice,
  formatVehicleName,
  FUEL_TYPE_LABELS,
  isHiddenForPhotos,
  LISTING_HIDDEN_FOR_PHOTOS,
  NOT_AVAILABLE,
  routes,
  truncate,
  TRANSMISSION_LABELS,
  useListing,
  useSessionStore,
  type Listing,
  RemoteRoot,
  VERIFIED_LISTING_MEANING,
} from '@carmarket/shared';
import { Badge, Button, Card, Notice, PageContainer, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import { Link, useParams } from '@carmarket/shared/router';
import styled from 'styled-components';
import { ListingActions, useMessageSeller } from './listing-actions';
import { MobileContactBar } from './mobile-contact-bar';
import { ListingGallery } from './listing-gallery';
import { DealRatingPanel } from './deal-rating-panel';
import { FuelCost } from './fuel-cost';
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

// A phone reads down: photos, title and price, the contact card, then the details. Wider screens
// keep the contact card beside the rest, sticky under the header while the details scroll.
const Layout = styled.div`
  display: grid;
  grid-template-areas: 'gallery' 'heading' 'contact' 'details';
  gap: 1.5rem 2rem;
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr);
    grid-template-areas: 'gallery contact' 'heading contact' 'details contact';
    grid-template-rows: auto auto 1fr;
  }
`;

const Area = styled.div<{ $area: string }>`
  display: grid;
  gap: 1rem;
  min-width: 0;
  grid-area: ${({ $area }) => $area};
`;

// Below the sticky site header (its one row is under 4.5rem high).
const ContactArea = styled(Area)`
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    position: sticky;
    top: 4.5rem;
    align-self: start;
  }
`;

const SoldBanner = styled.p`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.tones.danger.background};
  color: ${({ theme }) => theme.colors.tones.danger.foreground};
  font-size: 1.125rem;
  font-weight: 700;
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

// A disclosure: the badge says it, the list says what it means (the home page promises it).
const Verified = styled.details`
  margin: 0.5rem 0 0;

  summary {
    display: inline-flex;
    gap: 0.5rem;
    align-items: center;
    cursor: pointer;
  }

  ul {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
  }
`;

function VerifiedMark() {
  return (
    <Verified>
      <summary>
        <Badge $tone="primary">Verified</Badge> What this means
      </summary>
      <ul aria-label="Verified means">
        {VERIFIED_LISTING_MEANING.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Verified>
  );
}

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
  if (listing.status === 'active') facts.push(['On the market', formatDaysOnMarket(listing.createdAt)]);
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

/** Only the owner can open a listing held back for lack of photos: it says so, with the fix. */
function HiddenListingNotice({ listing }: { listing: Listing }) {
  const userId = useSessionStore((state) => state.user?._id);
  if (listing.seller._id !== userId || !isHiddenForPhotos(listing)) return null;
  return (
    <Notice>
      <p>{LISTING_HIDDEN_FOR_PHOTOS}</p>
      <Button as={Link} to={routes.editListing(listing._id, 'photos')} $size="sm">
        Add photos
      </Button>
    </Notice>
  );
}

function ListingDetail({ listing }: { listing: Listing }) {
  const name = formatVehicleName(listing.vehicle);
  const shortName = formatVehicleName({ ...listing.vehicle, trim: null });
  const messaging = useMessageSeller(listing);
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
      <HiddenListingNotice listing={listing} />
      <Layout>
        <Area $area="gallery">
          <ListingGallery images={listing.vehicle.images} name={shortName} />
        </Area>
        <Area $area="heading">
          {listing.status === 'sold' && <SoldBanner>Sold: this car is no longer available</SoldBanner>}
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
            {listing.verified && <VerifiedMark />}
          </Heading>
          <QuickFacts listing={listing} />
        </Area>
        <ContactArea $area="contact">
          <ListingActions listing={listing} messaging={messaging} />
        </ContactArea>
        <Area $area="details">
          {listing.status === 'active' && <DealRatingPanel listingId={listing._id} />}
          <VehicleDetails vehicle={listing.vehicle} />
          {listing.description && (
            <Card as="section" aria-labelledby="listing-description">
              <h2 id="listing-description">Description</h2>
              <Description>{listing.description}</Description>
            </Card>
          )}
          <ListingFeatures features={listing.vehicle.features} />
          <FuelCost listing={listing} />
        </Area>
      </Layout>
      <SimilarCars listingId={listing._id} />
      <MobileContactBar listing={listing} messaging={messaging} />
    </>
  );
}

// The gallery's photo box (listing-gallery), so the heading and the contact card stand where the
// listing's will.
const PhotoSkeleton = styled(Skeleton)`
  height: auto;
  aspect-ratio: 4 / 3;
  max-height: 32rem;
  border-radius: ${({ theme }) => theme.radii.lg};
`;

// A screen tall: every listing is, so the footer never shows before it and jumps away.
const SkeletonPage = styled.div`
  min-height: 100vh;
`;

/** The listing's layout in grey while it loads: what arrives takes the same places (no layout shift). */
function ListingSkeleton() {
  return (
    <SkeletonPage role="status">
      <VisuallyHidden>Loading listing...</VisuallyHidden>
      <Breadcrumb as="div">
        <Skeleton $width="14rem" $height="1.5rem" />
      </Breadcrumb>
      <Layout>
        <Area $area="gallery">
          <PhotoSkeleton />
        </Area>
        <Area $area="heading">
          <Skeleton $width="70%" $height="2.5rem" />
          <Skeleton $width="8rem" $height="2.5rem" />
        </Area>
        <ContactArea $area="contact">
          <Skeleton $height="16rem" />
        </ContactArea>
      </Layout>
    </SkeletonPage>
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
          <ListingSkeleton />
        ) : isError ? (
          // Spec §8: a load error and a missing listing both show the not-found screen.
          <ListingNotFound />
        ) : (
          <ListingDetail listing={listing} />
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
