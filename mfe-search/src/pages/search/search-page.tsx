import {
  SEARCH_PAGE_SIZE,
  SEARCH_SKELETON_CARDS,
  SORT_OPTION_LABELS,
  SORT_OPTIONS,
  useSessionStore,
  type SortOption,
} from '@carmarket/shared';
import {
  Button,
  EmptyState,
  ErrorState,
  PageContainer,
  SelectField,
  Skeleton,
  TextField,
  VisuallyHidden,
} from '@carmarket/shared/ui';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSearchListings } from '../../features/search/api/search-listings';
import { ListingCard } from '../../features/search/components/listing-card';
import { RemoteRoot } from '../../remote-root';
import { readSearchParams, toQueryString } from './search-params';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;
  margin: 1rem 0;

  > :first-child {
    flex: 1 1 16rem;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1rem;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  margin-top: 2rem;
`;

/** /search (spec §2): search box, sort, results count, cards, paging, and the error/empty states. */
export function SearchPage() {
  const [query, setQuery] = useSearchParams();
  const params = readSearchParams(query);
  const { data, isPending, isError, refetch } = useSearchListings({ ...params, limit: SEARCH_PAGE_SIZE });
  const user = useSessionStore((state) => state.user);

  // Any change but paging starts again at page 1 (spec §4).
  const update = (next: Partial<typeof params>) => setQuery(toQueryString({ ...params, page: 1, ...next }));

  return (
    <RemoteRoot>
      <PageContainer>
        <h1>Search Cars</h1>
        {user && <p>Happy hunting, {user.email}.</p>}
        <SearchForm
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = new FormData(event.currentTarget).get('q');
            update({ q: typeof q === 'string' && q.trim() ? q.trim() : undefined });
          }}
        >
          <TextField
            key={params.q}
            name="q"
            type="search"
            label="Search by make, model or keyword"
            defaultValue={params.q}
          />
          <Button type="submit">Search</Button>
        </SearchForm>
        <Toolbar>
          <p aria-live="polite">
            {data && (
              <>
                {data.pagination.total} Cars Found{params.q ? ` for "${params.q}"` : ''}
              </>
            )}
          </p>
          <SelectField
            label="Sort by"
            value={params.sort}
            onChange={(event) => update({ sort: event.target.value as SortOption })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_OPTION_LABELS[option]}
              </option>
            ))}
          </SelectField>
        </Toolbar>
        {isPending ? (
          <Grid role="status">
            <VisuallyHidden>Loading listings…</VisuallyHidden>
            {Array.from({ length: SEARCH_SKELETON_CARDS }, (_, index) => (
              <Skeleton key={index} $height="18rem" />
            ))}
          </Grid>
        ) : isError ? (
          <ErrorState
            title="Something went wrong"
            message="Unable to load listings. Please try again."
            onRetry={() => refetch()}
          />
        ) : data.data.length === 0 ? (
          <EmptyState
            title="No cars found"
            message="Try a different search or clear the filters."
            action={
              <Button type="button" onClick={() => setQuery(new URLSearchParams())}>
                Clear Filters
              </Button>
            }
          />
        ) : (
          <>
            <Grid>
              {data.data.map((listing) => (
                <ListingCard key={listing._id} listing={listing} />
              ))}
            </Grid>
            {data.pagination.pages > 1 && (
              <Pager aria-label="Pages">
                <Button
                  $variant="secondary"
                  disabled={!data.pagination.hasPrevPage}
                  onClick={() => setQuery(toQueryString({ ...params, page: params.page - 1 }))}
                >
                  Previous
                </Button>
                <span>
                  Page {data.pagination.page} of {data.pagination.pages}
                </span>
                <Button
                  $variant="secondary"
                  disabled={!data.pagination.hasNextPage}
                  onClick={() => setQuery(toQueryString({ ...params, page: params.page + 1 }))}
                >
                  Next
                </Button>
              </Pager>
            )}
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
