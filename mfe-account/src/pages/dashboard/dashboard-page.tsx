import {
  formatLongDate,
  formatVehicleName,
  isHiddenForPhotos,
  routes,
  useSessionStore,
  type Listing,
  RemoteRoot,
} from '@carmarket/shared';
import { Badge, Button, Card, EmptyState, PageContainer, Pager, Skeleton, Tabs } from '@carmarket/shared/ui';
import { useCallback, type ReactNode } from 'react';
import { Link, useSearchParams } from '@carmarket/shared/router';
import styled from 'styled-components';
import { ListingSummary } from '../../components/listing-summary';
import { useFavorites } from '../../features/favorites/api/get-favorites';
import { useDeleteListing } from '../../features/my-listings/api/delete-listing';
import { useRenewListing } from '../../features/my-listings/api/renew-listing';
import { useSetListingStatus } from '../../features/my-listings/api/set-listing-status';
import { useUserListingCount, useUserListings } from '../../features/my-listings/api/get-user-listings';
import { useLastPageFallback, usePageParam, type ListingPage } from '../../lib/paged-listings';
import { MyReports } from './my-reports';
import { SavedSearches } from './saved-searches';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
`;

// Three figures side by side at every width: on a phone a compact row rather than three tall cards.
const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;
  margin: 1rem 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    gap: 1rem;
    margin: 1.5rem 0;
  }
`;

const StatCard = styled(Card)`
  display: flex;
  flex-direction: column-reverse;
  justify-content: flex-end;
  padding: 0.5rem 0.75rem;

  h2 {
    margin: 0;
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.md};

    h2 {
      font-size: 1rem;
    }
  }
`;

const StatValue = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 800;
  line-height: 1.2;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: 2rem;
  }
`;

const List = styled.ul<{ $stale: boolean }>`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

/** A figure over its label; the label stays first in reading order (the heading names the figure). */
function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <StatCard>
      <h2>{label}</h2>
      <StatValue>{value ?? '–'}</StatValue>
    </StatCard>
  );
}

/** One page of listings with the pager under it; `empty` when there are none at all. */
function ListingList({
  result,
  label,
  page,
  onPage,
  empty,
  actions,
}: {
  result: { data?: ListingPage | undefined; isPlaceholderData: boolean };
  label: string;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  actions?: (listing: Listing) => ReactNode;
}) {
  const { data, isPlaceholderData } = result;
  if (!data) return <Skeleton $height="6rem" />;
  if (data.pagination.total === 0) return empty;
  return (
    <>
      <List $stale={isPlaceholderData} aria-busy={isPlaceholderData}>
        {data.data.map((listing) => (
          <ListingSummary key={listing._id} listing={listing} actions={actions?.(listing)} />
        ))}
      </List>
      <Pager page={page} pages={data.pagination.pages} onPage={onPage} label={`${label} pages`} />
    </>
  );
}

/** The dashboard's tabs, in order; the first is the default and is left out of the URL. */
const TABS = ['listings', 'favorites'] as const;

/**
 * The open tab in the URL (?tab=favorites), so going back to the dashboard opens the same tab.
 * Switching tabs replaces the history entry (arrowing through tabs is not a trail to walk back)
 * and starts the new tab at its first page.
 */
function useTabParam(): [number, (index: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf(searchParams.get('tab') as (typeof TABS)[number]));
  const setTab = useCallback(
    (index: number) => setSearchParams(index > 0 ? { tab: TABS[index]! } : {}, { replace: true }),
    [setSearchParams],
  );
  return [tab, setTab];
}

/**
 * /dashboard (spec §2): welcome, counts, own listings with View/Edit/Delete, and saved favorites.
 * The open tab and its page live in the URL (?tab=favorites&page=2).
 */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  const [tab, setTab] = useTabParam();
  const [page, setPage] = usePageParam();
  const listingsPage = TABS[tab] === 'listings' ? page : 1;
  const favoritesPage = TABS[tab] === 'favorites' ? page : 1;
  const listings = useUserListings(user?._id, listingsPage);
  const favorites = useFavorites(favoritesPage);
  // The cards count every listing, not the page on screen.
  const activeCount = useUserListingCount(user?._id, 'active');
  const soldCount = useUserListingCount(user?._id, 'sold');
  useLastPageFallback(listingsPage, listings.data?.pagination, setPage);
  useLastPageFallback(favoritesPage, favorites.data?.pagination, setPage);
  const deleteListing = useDeleteListing();
  const setStatus = useSetListingStatus();
  const renew = useRenewListing();

  const confirmDelete = (listing: Listing) => {
    if (window.confirm('Are you sure you want to delete this listing?')) deleteListing.mutate(listing._id);
  };

  return (
    <RemoteRoot remote="mfe_account">
      <PageContainer>
        <Header>
          <div>
            <h1>My Dashboard</h1>
            <p>
              {user?.firstSignIn ? 'Welcome' : 'Welcome back'}, {user?.email}!
            </p>
          </div>
          <Links>
            <Button as={Link} to={routes.createListing}>
              Create New Listing
            </Button>
            <Button as={Link} to={routes.search} $variant="secondary">
              Browse Cars
            </Button>
          </Links>
        </Header>
        <Stats>
          <Stat label="Active Listings" value={activeCount.data} />
          <Stat label="Sold Listings" value={soldCount.data} />
          <Stat label="Favorites" value={favorites.data?.pagination.total} />
        </Stats>
        <SavedSearches />
        <MyReports />
        <Tabs
          label="Dashboard"
          selected={tab}
          onSelect={setTab}
          items={[
            {
              label: 'My Listings',
              content: (
                <ListingList
                  result={listings}
                  label="My Listings"
                  page={listingsPage}
                  onPage={setPage}
                  empty={
                    <EmptyState
                      title="No Listings Yet"
                      message="List your car in a few steps."
                      action={
                        <Button as={Link} to={routes.createListing}>
                          Create your first listing
                        </Button>
                      }
                    />
                  }
                  actions={(listing) => (
                    <Actions>
                      {listing.status === 'active' && listing.expired && (
                        <>
                          <Badge $tone="warning">
                            Not in search since {formatLongDate(listing.expiresAt)}
                          </Badge>
                          <Button
                            type="button"
                            $size="sm"
                            aria-label={`Renew ${formatVehicleName(listing.vehicle)}`}
                            aria-disabled={renew.isPending}
                            onClick={() => {
                              if (!renew.isPending) renew.mutate(listing._id);
                            }}
                          >
                            Renew
                          </Button>
                        </>
                      )}
                      {isHiddenForPhotos(listing) && (
                        <Button as={Link} to={routes.editListing(listing._id, 'photos')} $size="sm">
                          Add photos
                        </Button>
                      )}
                      <Button as={Link} to={routes.listing(listing._id)} $variant="secondary" $size="sm">
                        View
                      </Button>
                      <Button as={Link} to={routes.editListing(listing._id)} $variant="secondary" $size="sm">
                        Edit
                      </Button>
                      <Button
                        type="button"
                        $variant="secondary"
                        $size="sm"
                        // Keeps the focus it holds while the change is saved (a disabled button drops it).
                        aria-disabled={setStatus.isPending}
                        onClick={() => {
                          if (setStatus.isPending) return;
                          setStatus.mutate({
                            id: listing._id,
                            status: listing.status === 'active' ? 'sold' : 'active',
                          });
                        }}
                      >
                        {listing.status === 'active' ? 'Mark as sold' : 'Mark as active'}
                      </Button>
                      <Button
                        type="button"
                        $variant="danger"
                        $size="sm"
                        onClick={() => confirmDelete(listing)}
                      >
                        Delete
                      </Button>
                    </Actions>
                  )}
                />
              ),
            },
            {
              label: 'My Favorites',
              content: (
                <ListingList
                  result={favorites}
                  label="My Favorites"
                  page={favoritesPage}
                  onPage={setPage}
                  empty={
                    <EmptyState
                      title="No Favorites Yet"
                      message="Save cars you like to find them here."
                      action={
                        <Button as={Link} to={routes.search}>
                          Browse Cars
                        </Button>
                      }
                    />
                  }
                />
              ),
            },
          ]}
        />
      </PageContainer>
    </RemoteRoot>
  );
}
