import {
  getRequestId,
  routes,
  SEARCH_SKELETON_CARDS,
  SORT_OPTION_LABELS,
  SORT_OPTIONS,
  useSessionStore,
  useUiStore,
  type SearchListing,
  type SortOption,
  type Suggestion,
  RemoteRoot,
} from '@carmarket/shared';
import {
  Button,
  EmptyState,
  ErrorState,
  PageContainer,
  Pager,
  SelectField,
  Skeleton,
  VisuallyHidden,
} from '@carmarket/shared/ui';
import { useNavigate } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useToggleFavorite } from '../../features/favorites/api/toggle-favorite';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { SavedSearches } from '../../features/saved-searches/components/saved-searches';
import { useSearchListings } from '../../features/search/api/search-listings';
import { ListingCard } from '../../features/search/components/listing-card';
import { NarrowestFilter } from '../../features/search/components/narrowest-filter';
import { SearchBox } from '../../features/suggestions/components/search-box';
import { UntilHydrated } from './until-hydrated';
import { useSearchState } from './use-search-state';

/** Radius applied when a location suggestion is picked. */
const LOCATION_RADIUS_MILES = 50;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 17rem 1fr;
  }
`;

// On a phone the panel is a drawer over the page, opened from the toolbar (useUiStore).
const Filters = styled.aside<{ $open: boolean }>`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
    position: fixed;
    inset: 0;
    z-index: 30;
    overflow-y: auto;
    padding: ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.background};
  }
`;

const DrawerHeader = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

const PhoneOnly = styled.div`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

// The cards a wide screen shows before scrolling (one row of four); their photos are not lazy.
const CARDS_ABOVE_THE_FOLD = 4;

const Results = styled.div<{ $mode: 'grid' | 'list' }>`
  display: grid;
  grid-template-columns: ${({ $mode }) => ($mode === 'grid' ? 'repeat(auto-fill, minmax(15rem, 1fr))' : '1fr')};
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * /search (spec §2): search box with suggestions, filter panel with facet counts, sort, grid/list,
 * results count, cards with favorites, pagination, saved searches, and the loading, error and
 * empty states. Everything it shows follows the URL query.
 */
export function SearchPage() {
  const { params, apply, goToPage, replaceAll, clear } = useSearchState();
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useSearchListings(params);
  const signedIn = useSessionStore((state) => state.isAuthenticated);
  const viewMode = useUiStore((state) => state.viewMode);
  const setViewMode = useUiStore((state) => state.setViewMode);
  const filtersOpen = useUiStore((state) => state.isSearchFiltersOpen);
  const setFiltersOpen = useUiStore((state) => state.setSearchFiltersOpen);
  const toggleFavorite = useToggleFavorite();
  const navigate = useNavigate();

  const onPick = (suggestion: Suggestion) => {
    if (suggestion.type === 'make') apply({ q: undefined, make: suggestion.value });
    else if (suggestion.type === 'model')
      apply({ q: undefined, make: suggestion.make, model: suggestion.value });
    else apply({ q: undefined, zipCode: suggestion.value, radius: params.radius ?? LOCATION_RADIUS_MILES });
  };

  const onToggleFavorite = (listing: SearchListing) => {
    if (!signedIn) {
      navigate(routes.login);
      return;
    }
    toggleFavorite.mutate({ id: listing._id, wanted: !listing.isFavorite });
  };

  return (
    <RemoteRoot remote="mfe_search">
      <PageContainer>
        <UntilHydrated>
          <h1>Search Cars</h1>
          <SearchBox
            initialText={params.q ?? ''}
            onSearch={(q) => apply({ q: q || undefined })}
            onPick={onPick}
          />
          <Layout>
            <Filters $open={filtersOpen} aria-label="Filters" id="search-filters">
              <DrawerHeader>
                <h2>Filters</h2>
                <Button type="button" $variant="secondary" onClick={() => setFiltersOpen(false)}>
                  Show results
                </Button>
              </DrawerHeader>
              <FiltersPanel
                params={params}
                available={data?.filters.available}
                foundNothing={data?.pagination.total === 0}
                apply={apply}
              />
              <Button type="button" $variant="ghost" $fullWidth onClick={clear}>
                Clear Filters
              </Button>
              {signedIn && <SavedSearches params={params} onOpen={replaceAll} />}
            </Filters>
            <section aria-labelledby="results-count">
              <Toolbar>
                <h2 id="results-count" aria-live="polite">
                  {data ? `${data.pagination.total} Cars Found` : 'Searching...'}
                  {data && params.q ? ` for "${params.q}"` : ''}
                </h2>
                <Controls>
                  <PhoneOnly>
                    <Button
                      type="button"
                      $variant="secondary"
                      aria-expanded={filtersOpen}
                      aria-controls="search-filters"
                      onClick={() => setFiltersOpen(true)}
                    >
                      Filters
                    </Button>
                  </PhoneOnly>
                  <SelectField
                    label="Sort by"
                    value={params.sort}
                    onChange={(event) => apply({ sort: event.target.value as SortOption })}
                    options={SORT_OPTIONS.map((option) => ({
                      value: option,
                      label: SORT_OPTION_LABELS[option],
                    }))}
                  />
                  <div role="group" aria-label="View">
                    <Button
                      type="button"
                      $variant={viewMode === 'grid' ? 'primary' : 'secondary'}
                      aria-pressed={viewMode === 'grid'}
                      onClick={() => setViewMode('grid')}
                    >
                      Grid
                    </Button>{' '}
                    <Button
                      type="button"
                      $variant={viewMode === 'list' ? 'primary' : 'secondary'}
                      aria-pressed={viewMode === 'list'}
                      onClick={() => setViewMode('list')}
                    >
                      List
                    </Button>
                  </div>
                </Controls>
              </Toolbar>
              {isPending ? (
                <Results $mode="grid" role="status">
                  <VisuallyHidden>Loading listings...</VisuallyHidden>
                  {Array.from({ length: SEARCH_SKELETON_CARDS }, (_, index) => (
                    <Skeleton key={index} $height="18rem" data-testid="listing-skeleton" />
                  ))}
                </Results>
              ) : isError ? (
                <ErrorState
                  title="Something went wrong"
                  message="Unable to load listings. Please try again."
                  requestId={getRequestId(error)}
                  onRetry={() => refetch()}
                />
              ) : data.data.length === 0 ? (
                <EmptyState
                  title="No cars found"
                  message="Try a different search or clear the filters."
                  action={
                    <>
                      <Button type="button" onClick={clear}>
                        Clear Filters
                      </Button>
                      <NarrowestFilter params={params} />
                    </>
                  }
                />
              ) : (
                <div aria-busy={isPlaceholderData}>
                  <Results $mode={viewMode}>
                    {data.data.map((listing, index) => (
                      <ListingCard
                        key={listing._id}
                        listing={listing}
                        mode={viewMode}
                        onToggleFavorite={onToggleFavorite}
                        aboveTheFold={index < CARDS_ABOVE_THE_FOLD}
                        first={index === 0}
                      />
                    ))}
                  </Results>
                  {/* The page asked for, so the pager moves at once while that page loads. */}
                  <Pager
                    page={params.page}
                    pages={data.pagination.pages}
                    onPage={goToPage}
                    label="Pagination"
                  />
                </div>
              )}
            </section>
          </Layout>
        </UntilHydrated>
      </PageContainer>
    </RemoteRoot>
  );
}
