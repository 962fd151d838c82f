// Previous / 'Page N of M' / Next under a paged list.
import { styled } from 'styled-components';
import { Button } from './button.js';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. 'My Listings pages'. */
  label: string;
}

/**
 * Nothing when everything fits on one page. The ends are aria-disabled rather than disabled, so a
 * keyboard user paging with Enter keeps focus on the button when the last page is reached; the
 * page number is announced as it changes.
 */
export function Pager({ page, pages, onPage, label }: PagerProps) {
  if (pages <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pages && target !== page) onPage(target);
  };
  return (
    <Nav aria-label={label}>
      <Button type="button" $variant="secondary" aria-disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button type="button" $variant="secondary" aria-disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
      </Button>
    </Nav>
  );
}
