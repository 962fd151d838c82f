import { formatMileage, formatPrice, formatVehicleName, routes, type Id } from '@carmarket/shared';
import { Card } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useSimilarListings } from '../../features/similar/api/get-similar-listings';
import { ListingPhoto } from './listing-photo';

// One row: as many columns as cars, each at least 11rem; a row wider than the page scrolls sideways
// (every card is a link, so the keyboard reaches and scrolls to each).
const Row = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(11rem, 1fr);
  gap: 1rem;
  margin: 0;
  padding: 0 0 0.5rem;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  list-style: none;

  li {
    scroll-snap-align: start;
  }
`;

const Section = styled.section`
  margin-top: 2rem;
`;

const Tile = styled(Card)`
  display: grid;
  height: 100%;

  a {
    color: inherit;
    text-decoration: none;
  }

  a:hover h3,
  a:focus-visible h3 {
    text-decoration: underline;
  }
`;

// The thumbnail fills the 4:3 box whatever its own shape (the photo crops, cover).
const Photo = styled.div`
  position: relative;
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};

  img {
    position: absolute;
    inset: 0;
  }
`;

const Body = styled.div`
  padding: 0.75rem 1rem 1rem;

  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }

  p {
    margin: 0;
  }
`;

/** 'Similar Cars': rendered, and so asked for, only once the listing has loaded (spec §7); hidden when there are none. */
export function SimilarCars({ listingId }: { listingId: Id }) {
  const { data: similar } = useSimilarListings(listingId);
  if (!similar || similar.length === 0) return null;
  return (
    <Section aria-labelledby="similar-cars">
      <h2 id="similar-cars">Similar Cars</h2>
      <Row>
        {similar.map((listing) => {
          const name = formatVehicleName(listing.vehicle);
          return (
            <li key={listing._id}>
              <Tile $padding="none">
                <Link to={routes.listing(listing._id)}>
                  <Photo>
                    {listing.primaryImage ? (
                      <ListingPhoto
                        src={listing.primaryImage.thumbnail}
                        alt=""
                        loading="lazy"
                        processing={listing.primaryImage.status === 'processing'}
                      />
                    ) : (
                      'No Image'
                    )}
                  </Photo>
                  <Body>
                    <h3>{name}</h3>
                    <p>
                      <strong>{formatPrice(listing.price.amount)}</strong> ·{' '}
                      {formatMileage(listing.vehicle.mileage)}
                    </p>
                  </Body>
                </Link>
              </Tile>
            </li>
          );
        })}
      </Row>
    </Section>
  );
}
