import {
  getRequestId,
  routes,
  useUiStore,
  VIEW_MODES,
  type Id,
  type Listing,
  RemoteRoot,
} from '@carmarket/shared';
import { useEffect, useRef } from 'react';
import { Button, EmptyState, ErrorState, PageContainer, Pager, Skeleton } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { ListingSummary } from '../../components/listing-summary';
import { useFavorites } from '../../features/favorites/api/get-favorites';
import { useRemoveFavorite } from '../../features/favorites/api/remove-favorite';
import { useLastPageFallback, usePageParam } from '../../lib/paged-listings';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
`;

const Toggle = styled.div`
  display: flex;
  gap: 0.5rem;
`;

const Items = styled.ul<{ $mode: string; $stale: boolean }>`
  display: grid;
  grid-template-columns: ${({ $mode }) => ($mode === 'grid' ? 'repeat(auto-fill, minmax(16rem, 1fr))' : '1fr')};
  gap: 1rem;
  margin: 1.5rem 0 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`;

const viewLabels = { grid: 'Grid view', list: 'List view' } as const;

/**
 * The button of a removed favorite leaves with its card, which would drop keyboard focus onto the
 * document. Once the listing has left the list, focus goes to the title of the card now in its
 * place, else of the card before it (it was the last), else to the page heading (none are left).
 */
function useFocusAfterRemoval(listings: Listing[] | undefined) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titles = useRef(new Map<Id, HTMLAnchorElement>());
  const removing = useRef<{ id: Id; index: number } | null>(null);

  useEffect(() => {
    const removed = removing.current;
    if (!removed || !listings || listings.some((listing) => listing._id === removed.id)) return;
    removing.current = null;
    const next = listings[removed.index] ?? listings[removed.index - 1];
    (next ? titles.current.get(next._id) : heading.current)?.focus();
  }, [listings]);

  return {
    heading,
    title: (id: Id) => (element: HTMLAnchorElement | null) => {
      if (element) titles.current.set(id, element);
      else titles.current.delete(id);
    },
    expect: (id: Id, index: number) => {
      removing.current = { id, index };
    },
    cancel: () => {
      removing.current = null;
    },
  };
}

/**
 * /favorites (spec §2): saved listings as a grid or a list, a page at a time; a sold one stays,
 * badged Sold.
 */
export function FavoritesPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isPending, isError, isPlaceholderData } = useFavorites(page);
  const remove = useRemoveFavorite();
  const viewMode = useUiStore((state) => state.viewMode);
  const setViewMode = useUiStore((state) => state.setViewMode);
  useLastPageFallback(page, data?.pagination, setPage);
  const focusAfterRemoval = useFocusAfterRemoval(data?.data);

  return (
    <RemoteRoot remote="mfe_account">
      <PageContainer>
        <Header>
          <h1 ref={focusAfterRemoval.heading} tabIndex={-1}>
            My Favorites
          </h1>
          <Toggle role="group" aria-label="Layout">
            {VIEW_MODES.map((mode) => (
              <Button
                key={mode}
                $variant={viewMode === mode ? 'primary' : 'secondary'}
                aria-pressed={viewMode === mode}
                onClick={() => setViewMode(mode)}
              >
                {viewLabels[mode]}
              </Button>
            ))}
          </Toggle>
        </Header>
        {isPending ? (
          <Skeleton $height="12rem" />
        ) : isError ? (
          <ErrorState
            title="Failed to load favorites"
            message="Please try again in a moment."
            requestId={getRequestId(error)}
          />
        ) : data.data.length === 0 && data.pagination.total === 0 ? (
          <EmptyState
            title="No favorites yet"
            message="Save cars you like and they will appear here."
            action={
              <Button as={Link} to={routes.search}>
                Browse Cars
              </Button>
            }
          />
        ) : (
          <>
            <Items $mode={viewMode} $stale={isPlaceholderData} aria-busy={isPlaceholderData}>
              {data.data.map((listing, index) => (
                <ListingSummary
                  key={listing._id}
                  listing={listing}
                  titleRef={focusAfterRemoval.title(listing._id)}
                  actions={
                    <Button
                      type="button"
                      $variant="secondary"
                      $size="sm"
                      // Not disabled: a disabled button drops the focus it holds, and the focus stays
                      // on it should the removal fail.
                      aria-disabled={remove.isPending}
                      onClick={() => {
                        if (remove.isPending) return;
                        focusAfterRemoval.expect(listing._id, index);
                        remove.mutate(listing._id, { onError: focusAfterRemoval.cancel });
                      }}
                    >
                      Remove from Favorites
                    </Button>
                  }
                />
              ))}
            </Items>
            <Pager
              page={page}
              pages={data.pagination.pages}
              onPage={(next) => setPage(next)}
              label="Favorites pages"
            />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
