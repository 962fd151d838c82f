import { routes, useUiStore, VIEW_MODES } from '@carmarket/shared';
import { Button, EmptyState, ErrorState, PageContainer, Skeleton } from '@carmarket/shared/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ListingSummary } from '../../components/listing-summary';
import { useFavorites } from '../../features/favorites/api/get-favorites';
import { useRemoveFavorite } from '../../features/favorites/api/remove-favorite';
import { RemoteRoot } from '../../remote-root';

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

const Items = styled.ul<{ $mode: string }>`
  display: grid;
  grid-template-columns: ${({ $mode }) => ($mode === 'grid' ? 'repeat(auto-fill, minmax(16rem, 1fr))' : '1fr')};
  gap: 1rem;
  margin: 1.5rem 0 0;
  padding: 0;
  list-style: none;
`;

const viewLabels = { grid: 'Grid view', list: 'List view' } as const;

/** /favorites (spec §2): saved listings as a grid or a list; a sold one stays, badged Sold. */
export function FavoritesPage() {
  const { data: favorites, isPending, isError } = useFavorites();
  const remove = useRemoveFavorite();
  const viewMode = useUiStore((state) => state.viewMode);
  const setViewMode = useUiStore((state) => state.setViewMode);

  return (
    <RemoteRoot>
      <PageContainer>
        <Header>
          <h1>My Favorites</h1>
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
          <ErrorState title="Failed to load favorites" message="Please try again in a moment." />
        ) : favorites.length === 0 ? (
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
          <Items $mode={viewMode}>
            {favorites.map((listing) => (
              <ListingSummary
                key={listing._id}
                listing={listing}
                actions={
                  <Button
                    type="button"
                    $variant="secondary"
                    $size="sm"
                    disabled={remove.isPending && remove.variables === listing._id}
                    onClick={() => remove.mutate(listing._id)}
                  >
                    Remove from Favorites
                  </Button>
                }
              />
            ))}
          </Items>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
