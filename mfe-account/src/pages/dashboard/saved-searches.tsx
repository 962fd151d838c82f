import {
  routes,
  toSearchQueryString,
  useMarkSavedSearchViewed,
  useSavedSearches,
  type SavedSearch,
} from '@carmarket/shared';
import { Badge, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { List, Section } from './dashboard-section';

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SmallMuted = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The search page showing the saved search's filters and sort. */
function searchHref(search: SavedSearch) {
  const query = toSearchQueryString(search.params).toString();
  return query ? `${routes.search}?${query}` : routes.search;
}

/**
 * Each saved search with how many listings matching it were published since it was last viewed.
 * Opening one from here counts as viewing it.
 */
export function SavedSearches() {
  const { data, isPending, isError } = useSavedSearches();
  const markViewed = useMarkSavedSearchViewed();

  return (
    <Section as="section" aria-labelledby="saved-searches">
      <h2 id="saved-searches">Saved Searches</h2>
      {isPending ? (
        <Skeleton $height="3rem" />
      ) : isError ? (
        <Muted>Your saved searches could not be loaded.</Muted>
      ) : data.length === 0 ? (
        <Muted>No saved searches yet. Save one from the search page to follow new listings.</Muted>
      ) : (
        <List>
          {data.map((search) => (
            <li key={search._id}>
              <Link to={searchHref(search)} onClick={() => markViewed.mutate(search._id)}>
                {search.name}
              </Link>
              {search.newCount > 0 ? (
                <Badge $tone="primary">
                  {search.newCount} new
                  <VisuallyHidden> since last viewed</VisuallyHidden>
                </Badge>
              ) : (
                <SmallMuted>No new listings</SmallMuted>
              )}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
