import { formatPrice, useHydrated, type Listing } from '@carmarket/shared';
import { Button } from '@carmarket/shared/ui';
import styled from 'styled-components';
import type { MessageSeller } from './listing-actions';

// Sticky, not fixed: it rides at the bottom of the screen while the listing scrolls past and settles
// at the end of the page's content, so it never covers the last of the content or the footer.
const Bar = styled.aside`
  position: sticky;
  bottom: 0;
  z-index: 4;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  /* Edge to edge: out through the page's side padding. */
  margin: 1.5rem -${({ theme }) => theme.space.md} 0;
  padding: 0.75rem ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 -4px 12px rgb(0 0 0 / 15%);

  p {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 800;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    margin-inline: -${({ theme }) => theme.space.lg};
    padding-inline: ${({ theme }) => theme.space.lg};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    display: none;
  }
`;

/**
 * On a phone, the price and Message Seller stay in reach at the bottom of the screen (the contact
 * card carries them on wider screens). Left out where there is no one to message, and while the
 * message is being written in the card.
 */
export function MobileContactBar({ listing, messaging }: { listing: Listing; messaging: MessageSeller }) {
  const hydrated = useHydrated();
  if (!messaging.canMessage || messaging.composing) return null;
  return (
    <Bar aria-label="Contact the seller">
      <p>{formatPrice(listing.price.amount)}</p>
      <Button type="button" disabled={!hydrated} onClick={messaging.start}>
        Message Seller
      </Button>
    </Bar>
  );
}
