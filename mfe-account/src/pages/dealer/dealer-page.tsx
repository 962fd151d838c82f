import { formatLongDate, getRequestId, RemoteRoot, routes } from '@carmarket/shared';
import { Link, useParams } from '@carmarket/shared/router';
import { Badge, Card, EmptyState, ErrorState, PageContainer, Pager, Skeleton } from '@carmarket/shared/ui';
import styled from 'styled-components';
import { ListingSummary } from '../../components/listing-summary';
import { useDealer } from '../../features/dealer/api/get-dealer';
import { useUserListings } from '../../features/my-listings/api/get-user-listings';
import { useLastPageFallback, usePageParam } from '../../lib/paged-listings';

const Business = styled(Card)`
  display: grid;
  gap: 0.5rem;

  h1 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75rem;
    margin: 0;
  }

  p {
    margin: 0;
  }
`;

const Items = styled.ul<{ $stale: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
  margin: 1rem 0 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`;

/** The dealer's active inventory, a page at a time (?page=N). */
function Inventory({ dealerId }: { dealerId: string }) {
  const [page, setPage] = usePageParam();
  const { data, error, isPending, isError, isPlaceholderData } = useUserListings(dealerId, page);
  useLastPageFallback(page, data?.pagination, setPage);

  if (isPending) return <Skeleton $height="12rem" />;
  if (isError)
    return (
      <ErrorState
        title="Failed to load the inventory"
        message="Please try again in a moment."
        requestId={getRequestId(error)}
      />
    );
  if (data.pagination.total === 0) {
    return <EmptyState title="No cars for sale right now" message="Check back soon for new arrivals." />;
  }
  return (
    <>
      <p>{data.pagination.total === 1 ? '1 car for sale' : `${data.pagination.total} cars for sale`}</p>
      <Items $stale={isPlaceholderData} aria-busy={isPlaceholderData} aria-label="Inventory">
        {data.data.map((listing) => (
          <ListingSummary key={listing._id} listing={listing} />
        ))}
      </Items>
      <Pager page={page} pages={data.pagination.pages} onPage={setPage} label="Inventory pages" />
    </>
  );
}

/**
 * /dealer/{id}: a dealer's business (name, address, phone, website) and its cars for sale. Public;
 * a private seller's or unknown id shows 'Dealer not found'.
 */
export function DealerPage() {
  const { id = '' } = useParams();
  const { data: dealer, isPending, isError } = useDealer(id);
  const { street, city, state, zipCode } = dealer?.address ?? {};

  return (
    <RemoteRoot remote="mfe_account">
      <PageContainer>
        {isPending ? (
          <Skeleton $height="8rem" />
        ) : isError ? (
          <>
            <h1>Dealer not found</h1>
            <p>
              This dealer page does not exist. <Link to={routes.search}>Browse cars</Link>
            </p>
          </>
        ) : (
          <>
            <Business as="section" aria-label="Business">
              <h1>
                {dealer.businessName} <Badge>Dealer</Badge>
              </h1>
              <p>
                {street}, {city}, {state} {zipCode}
              </p>
              <p>
                <a href={`tel:${dealer.phone}`}>{dealer.phone}</a>
                {dealer.website && (
                  <>
                    {' · '}
                    <a href={dealer.website} rel="noopener noreferrer nofollow" target="_blank">
                      Website
                    </a>
                  </>
                )}
              </p>
              <p>Dealer since {formatLongDate(dealer.since)}</p>
            </Business>
            <h2>Inventory</h2>
            <Inventory dealerId={dealer._id} />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
