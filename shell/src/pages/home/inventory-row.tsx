import {
  formatMileage,
  formatPrice,
  formatVehicleName,
  photoSrcSet,
  routes,
  toSearchQueryString,
  type Listing,
  type SearchParams,
} from '@carmarket/shared';
import { Card, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { HOME_ROW_SIZE, useHomeRow } from './api/get-home-rows';

const PHOTO_WIDTH = 320;
const PHOTO_HEIGHT = 240;
/** How wide a card's photo shows (Cars): 14rem in a phone's row, a quarter of the page from lg. */
const PHOTO_SIZES = '(max-width: 1023px) 14rem, 19rem';

const Section = styled.section`
  padding: 1.5rem 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.5rem;

  h2 {
    margin: 0 0 0.75rem;
  }
`;

/** Four across on a desktop; on a phone a row swiped sideways, the next card peeking. */
const Cars = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(14rem, 1fr);
  gap: 1rem;
  margin: 0;
  padding: 0 0 0.5rem;
  overflow-x: auto;
  list-style: none;
  scroll-snap-type: x mandatory;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-auto-columns: calc((100% - 3rem) / 4);
  }

  > li {
    scroll-snap-align: start;
  }
`;

const CarCard = styled(Card)`
  height: 100%;
`;

const Photo = styled.div`
  aspect-ratio: 4 / 3;
  margin: -1rem -1rem 0.75rem;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Name = styled.h3`
  margin: 0 0 0.25rem;
  font-size: 1rem;
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  a {
    color: inherit;
  }
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 700;
`;

const Facts = styled.p`
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

function CarTile({ listing, eager }: { listing: Listing; eager: boolean }) {
  const { vehicle, primaryImage } = listing;
  const name = formatVehicleName(vehicle);
  const { city, state } = vehicle.location.address;
  return (
    <CarCard as="article">
      <Photo>
        {/* A photo still processing after its upload has no file yet: the grey box stands in. */}
        {primaryImage && primaryImage.status !== 'processing' && (
          <img
            src={primaryImage.thumbnail}
            srcSet={photoSrcSet(primaryImage, 'card')}
            sizes={PHOTO_SIZES}
            alt=""
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </Photo>
      <Name>
        <Link to={routes.listing(listing._id)}>{name}</Link>
      </Name>
      <Price>{formatPrice(listing.price.amount)}</Price>
      <Facts>
        {formatMileage(vehicle.mileage)} · {city}, {state}
      </Facts>
    </CarCard>
  );
}

/**
 * One row of real listings on the home page, with "See all" to the same search. `eager` for the
 * row that can show above the fold; the others' photos load as they scroll in. Nothing is shown
 * for a search with no cars.
 */
export function InventoryRow({
  id,
  title,
  params,
  eager = false,
}: {
  id: string;
  title: string;
  params: SearchParams;
  eager?: boolean;
}) {
  const { data, isPending, isError } = useHomeRow(params);
  if (isError || data?.data.length === 0) return null;
  return (
    <Section aria-labelledby={id} aria-busy={isPending}>
      <Head>
        <h2 id={id}>{title}</h2>
        <Link to={`${routes.search}?${toSearchQueryString(params)}`}>
          See all<VisuallyHidden> {title.toLowerCase()}</VisuallyHidden>
        </Link>
      </Head>
      <Cars>
        {isPending
          ? Array.from({ length: HOME_ROW_SIZE / 2 }, (_, index) => (
              <li key={index}>
                <Skeleton $height="16rem" />
              </li>
            ))
          : data.data.map((listing) => (
              <li key={listing._id}>
                <CarTile listing={listing} eager={eager} />
              </li>
            ))}
      </Cars>
    </Section>
  );
}
