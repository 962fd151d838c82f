import {
  formatVehicleName,
  MESSAGE_MAX_LENGTH,
  routes,
  useSessionStore,
  type Listing,
} from '@carmarket/shared';
import { Badge, Button, Card, TextAreaField } from '@carmarket/shared/ui';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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

// Spec §8: a failed send on the listing page is an alert with this text.
const SEND_FAILED = 'Failed to send message. Please try again.';

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
    } catch {
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
