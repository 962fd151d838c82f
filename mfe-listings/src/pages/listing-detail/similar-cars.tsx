import { formatMileage, formatPrice, formatVehicleName, routes, type Id } from '@carmarket/shared';
import { Card } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useSimilarListings } from '../../features/similar/api/get-similar-listings';
import { ListingPhoto } from './listing-photo';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
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

const Photo = styled.div`
  aspect-ratio: 4 / 3;
  background: ${({ theme }) => theme.colors.surfaceMuted};
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
    <section aria-labelledby="similar-cars">
      <h2 id="similar-cars">Similar Cars</h2>
      <Grid>
        {similar.map((listing) => {
          const name = formatVehicleName(listing.vehicle);
          return (
            <li key={listing._id}>
              <Tile $padding="none">
                <Link to={routes.listing(listing._id)}>
                  <Photo>
                    {listing.primaryImage && (
                      <ListingPhoto src={listing.primaryImage.thumbnail} alt="" loading="lazy" />
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
      </Grid>
    </section>
  );
}
