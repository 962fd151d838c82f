import {
  formatVehicleName,
  MESSAGE_MAX_LENGTH,
  routes,
  useSessionStore,
  type Listing,
} from '@carmarket/shared';
import { Badge, Button, Card, TextAreaField } from '@carmarket/shared/ui';
import axios from 'axios';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useToggleFavorite } from '../../features/favorites/api/toggle-favorite';
import { useSendMessage } from '../../features/messaging/api/send-message';

const Actions = styled.div`
  display: grid;
  gap: 0.75rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
`;

const Notice = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.dangerText};
`;

// Spec §8: a failed send on the listing page is an alert with this text.
const SEND_FAILED = 'Failed to send message. Please try again.';
// Spec §8: the Message Seller button with no listing behind it.
const NO_LISTING = 'No listing data';

// POST /messages answers 404 only when the listing is no longer there for the buyer: deleted (or its
// seller's account), or back in draft with fewer than 4 photos.
const isListingGone = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 404;

const greeting = (listing: Listing) =>
  `Hi, is your ${formatVehicleName({ ...listing.vehicle, trim: null })} still available?`;

/**
 * Message Seller and Add to / Remove from Favorites (spec §2, §4, §6). A guest goes to /login,
 * which brings them back here after signing in (location state `from`, read by the shell).
 */
export function ListingActions({ listing }: { listing: Listing }) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const userId = useSessionStore((state) => state.user?._id);
  const navigate = useNavigate();
  const location = useLocation();
  const favorite = useToggleFavorite(listing._id);
  const send = useSendMessage();
  const [composing, setComposing] = useState(false);
  const [content, setContent] = useState(() => greeting(listing));
  // One id per message, reused if the same message is sent again, so the server stores it once.
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const messageBox = useRef<HTMLTextAreaElement>(null);
  // Set when the send finds the listing removed since the page loaded: nothing is left to message.
  const [listingGone, setListingGone] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (listingGone) notice.current?.focus();
  }, [listingGone]);

  const signInFirst = () => navigate(routes.login, { state: { from: location } });
  const ownListing = userId === listing.seller._id;
  const trimmed = content.trim();

  const submit = async () => {
    try {
      const message = await send.mutateAsync({
        recipientId: listing.seller._id,
        listingId: listing._id,
        content: trimmed,
        attachments: [],
        clientMessageId,
      });
      setClientMessageId(crypto.randomUUID());
      navigate(routes.conversation(message.conversationId));
    } catch (error) {
      if (isListingGone(error)) {
        setListingGone(true);
        return;
      }
      window.alert(SEND_FAILED);
      // The message is kept: back in the box, the user can send it again or change it.
      messageBox.current?.focus();
    }
  };

  return (
    <Card as="section" aria-label="Contact and save">
      <Actions>
        {ownListing ? (
          <Badge>Your Listing</Badge>
        ) : listingGone ? (
          <>
            {/* Focused when it appears, since the form that had focus is gone. */}
            <Notice ref={notice} role="alert" tabIndex={-1}>
              {NO_LISTING}
            </Notice>
            <Button as={Link} to={routes.search} $variant="secondary" $fullWidth>
              Browse Cars
            </Button>
          </>
        ) : composing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Actions>
              <TextAreaField
                ref={messageBox}
                label="Message to the seller"
                value={content}
                maxLength={MESSAGE_MAX_LENGTH}
                onChange={(event) => setContent(event.target.value)}
                hint={`${content.length}/${MESSAGE_MAX_LENGTH}`}
              />
              <Row>
                <Button type="button" $variant="secondary" onClick={() => setComposing(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!trimmed || send.isPending}>
                  {send.isPending ? 'Sending...' : 'Send Message'}
                </Button>
              </Row>
            </Actions>
          </form>
        ) : (
          <Button
            type="button"
            $fullWidth
            onClick={() => (isAuthenticated ? setComposing(true) : signInFirst())}
          >
            Message Seller
          </Button>
        )}
        <Button
          type="button"
          $variant="secondary"
          $fullWidth
          disabled={favorite.isPending}
          onClick={() => (isAuthenticated ? favorite.mutate() : signInFirst())}
        >
          {listing.isFavorite ? 'Remove from Favorites' : 'Add to Favorites'}
        </Button>
      </Actions>
    </Card>
  );
}
