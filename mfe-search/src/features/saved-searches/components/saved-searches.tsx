import {
  useMarkSavedSearchViewed,
  useSavedSearches,
  type SavedSearch,
  type SearchParams,
} from '@carmarket/shared';
import { Badge, Button, TextField } from '@carmarket/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSaveSearch } from '../api/save-search';

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  ul {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const NameForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Open = styled.button`
  flex: 1;
  padding: 0;
  text-align: left;
  color: ${({ theme }) => theme.colors.link};
  background: none;
  border: 0;
  cursor: pointer;
  text-decoration: underline;
`;

/** 'Save this search' and the user's saved searches with how many new listings each has. */
export function SavedSearches({
  params,
  onOpen,
}: {
  params: SearchParams;
  onOpen: (params: SearchParams) => void;
}) {
  const saved = useSavedSearches();
  const save = useSaveSearch();
  const markViewed = useMarkSavedSearchViewed();
  const remove = useDeleteSavedSearch();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const open = (search: SavedSearch) => {
    markViewed.mutate(search._id);
    onOpen(search.params);
  };

  return (
    <Box aria-labelledby="saved-searches-title">
      {naming ? (
        <NameForm
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            save.mutate(
              { name: name.trim(), params },
              {
                onSuccess: () => {
                  setNaming(false);
                  setName('');
                },
              },
            );
          }}
        >
          <TextField
            label="Name this search"
            value={name}
            maxLength={100}
            autoFocus
            error={save.isError ? 'Could not save the search. Please try again.' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={save.isPending || !name.trim()}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </NameForm>
      ) : (
        <Button type="button" $variant="secondary" $fullWidth onClick={() => setNaming(true)}>
          Save this search
        </Button>
      )}
      <h2 id="saved-searches-title">Saved searches</h2>
      {saved.data && saved.data.length === 0 && <p>No saved searches yet.</p>}
      <ul>
        {saved.data?.map((search) => (
          <li key={search._id}>
            <Open type="button" onClick={() => open(search)}>
              {search.name}
            </Open>
            {search.newCount > 0 && <Badge $tone="primary">{search.newCount} new</Badge>}
            <Button
              type="button"
              $variant="ghost"
              $size="sm"
              aria-label={`Delete saved search ${search.name}`}
              onClick={() => remove.mutate(search._id)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
    </Box>
  );
}
