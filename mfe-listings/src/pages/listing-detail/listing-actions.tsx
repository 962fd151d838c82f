import {
  formatPrice,
  useHydrated,
  formatVehicleName,
  getErrorMessage,
  getRequestId,
  httpErrorStatus,
  MESSAGE_MAX_LENGTH,
  NOT_AVAILABLE,
  routes,
  useDisplayNamePrompt,
  useSessionStore,
  type Listing,
} from '@carmarket/shared';
import { Badge, Button, Card, ReportForm, TextAreaField, TextField } from '@carmarket/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@carmarket/shared/router';
import styled from 'styled-components';
import { FactGrid } from './vehicle-details';
import { ReaderDate } from './reader-date';
import { useToggleFavorite } from '../../features/favorites/api/toggle-favorite';
import { useSendMessage } from '../../features/messaging/api/send-message';
import { useReportListing } from '../../features/reports/api/report-listing';

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

const CardPrice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
  font-size: 1.75rem;
  font-weight: 800;

  /* Below the title on a phone, with the sticky bar: said twice already. */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 1px)) {
    display: none;
  }
`;

// On a phone the sticky bar below carries Message Seller: the card's own button is for wider screens.
const WideMessageButton = styled(Button)`
  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 1px)) {
    display: none;
  }
`;

const SoldNotice = styled.p`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.tones.danger.background};
  color: ${({ theme }) => theme.colors.tones.danger.foreground};
  font-weight: 700;
  text-align: center;
`;

const SellerSection = styled.section`
  padding-top: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.125rem;
  }

  /* Two columns even in a phone-wide card. */
  dl {
    grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  }
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

// Only a signed-in user without a name, sending their first message, needs the name rule: it is
// fetched then, with zod behind it, instead of with the page.
const loadNameRule = () =>
  import('@carmarket/shared/schemas').then(({ displayNameSchema }) => displayNameSchema);

// POST /messages answers 404 only when the listing is no longer there for the buyer: deleted (or its
// seller's account), or back in draft with fewer than 4 photos.
const isListingGone = (error: unknown) => httpErrorStatus(error) === 404;
// The sending limits (new accounts, rate, pasted text) answer 429 with words that say what to do.
const isLimited = (error: unknown) => httpErrorStatus(error) === 429;
// A car sold since the page loaded answers 409 'This car has been sold'.
const isSold = (error: unknown) => httpErrorStatus(error) === 409;

const greeting = (listing: Listing) =>
  `Hi, is your ${formatVehicleName({ ...listing.vehicle, trim: null })} still available?`;

/** Message Seller from the card or the phone's bar: a guest signs in first, a buyer writes in the card. */
export function useMessageSeller(listing: Listing) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const userId = useSessionStore((state) => state.user?._id);
  const navigate = useNavigate();
  const location = useLocation();
  const [composing, setComposing] = useState(false);
  const signInFirst = () => navigate(routes.login, { state: { from: location } });
  const ownListing = userId === listing.seller._id;
  return {
    isAuthenticated,
    ownListing,
    // A sold car takes no new buyers (those already writing carry on from Messages).
    canMessage: !ownListing && listing.status !== 'sold',
    composing,
    setComposing,
    signInFirst,
    start: () => (isAuthenticated ? setComposing(true) : signInFirst()),
  };
}
export type MessageSeller = ReturnType<typeof useMessageSeller>;

/**
 * Seller Information (spec §2): who sells, where, since when, the phone when the seller asked to be
 * called, and the listing's own figures; views and saves are shown for active listings only.
 */
function SellerInformation({ listing }: { listing: Listing }) {
  const { seller, contactPreferences } = listing;
  const { city, state } = listing.vehicle.location.address;
  const active = listing.status === 'active';
  const phone = contactPreferences.preferredMethod !== 'email' ? contactPreferences.phone : null;
  return (
    <SellerSection aria-labelledby="seller-information">
      <h2 id="seller-information">Seller Information</h2>
      <FactGrid>
        <div>
          <dt>Seller</dt>
          <dd>
            {seller.role === 'dealer' ? (
              <Link to={routes.dealer(seller._id)}>{seller.name}</Link>
            ) : (
              seller.name
            )}
          </dd>
        </div>
        <div>
          <dt>Seller type</dt>
          <dd>{seller.role === 'dealer' ? 'Dealer' : 'Private Seller'}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{[city, state].filter(Boolean).join(', ') || NOT_AVAILABLE}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>
            <ReaderDate value={seller.memberSince} />
          </dd>
        </div>
        {phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>Listed</dt>
          <dd>
            <ReaderDate value={listing.createdAt} />
          </dd>
        </div>
        {active && (
          <>
            <div>
              <dt>Views</dt>
              <dd>{listing.views}</dd>
            </div>
            <div>
              <dt>Favorites</dt>
              <dd>{listing.favoriteCount}</dd>
            </div>
          </>
        )}
      </FactGrid>
    </SellerSection>
  );
}

/**
 * The contact card (spec §2, §4, §6): price, Message Seller (the phone's bar holds it on small
 * screens), Add to / Remove from Favorites, the seller, and Report listing. A guest goes to /login,
 * which brings them back here after signing in (location state `from`, read by the shell).
 */
export function ListingActions({ listing, messaging }: { listing: Listing; messaging: MessageSeller }) {
  const { isAuthenticated, ownListing, canMessage, composing, setComposing, signInFirst } = messaging;
  const navigate = useNavigate();
  const favorite = useToggleFavorite(listing._id);
  const send = useSendMessage();
  const namePrompt = useDisplayNamePrompt(loadNameRule);
  const [content, setContent] = useState(() => greeting(listing));
  // One id per message, reused if the same message is sent again, so the server stores it once.
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const messageBox = useRef<HTMLTextAreaElement>(null);
  // Set when the send finds the listing removed since the page loaded: nothing is left to message.
  const [listingGone, setListingGone] = useState(false);
  const report = useReportListing(listing._id);
  const [reporting, setReporting] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (listingGone) notice.current?.focus();
  }, [listingGone]);
  // Opened from the phone's bar too, far from the card: the box takes focus (and so comes into view).
  useEffect(() => {
    if (composing) messageBox.current?.focus();
  }, [composing]);

  const trimmed = content.trim();

  const submit = async () => {
    if (!(await namePrompt.ensureName())) return;
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
      const requestId = getRequestId(error);
      window.alert(
        (isLimited(error) || isSold(error) ? getErrorMessage(error, SEND_FAILED) : SEND_FAILED) +
          (requestId ? `\nRequest ID for support: ${requestId}` : ''),
      );
      // The message is kept: back in the box, the user can send it again or change it.
      messageBox.current?.focus();
    }
  };

  return (
    <Card as="section" aria-label="Contact and save">
      <Actions>
        <CardPrice>
          {formatPrice(listing.price.amount)}
          {listing.price.negotiable && <Badge>Negotiable</Badge>}
        </CardPrice>
        {ownListing ? (
          <Badge>Your Listing</Badge>
        ) : !canMessage ? (
          <SoldNotice>This car has been sold</SoldNotice>
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
              {namePrompt.needed && <TextField {...namePrompt.field} />}
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
                <Button type="submit" disabled={!trimmed || send.isPending || namePrompt.saving}>
                  {send.isPending || namePrompt.saving ? 'Sending...' : 'Send Message'}
                </Button>
              </Row>
            </Actions>
          </form>
        ) : (
          <WideMessageButton type="button" $fullWidth disabled={!hydrated} onClick={messaging.start}>
            Message Seller
          </WideMessageButton>
        )}
        <Button
          type="button"
          $variant="secondary"
          $fullWidth
          disabled={!hydrated}
          // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
          aria-disabled={favorite.isPending}
          onClick={() => {
            if (!isAuthenticated) signInFirst();
            else if (!favorite.isPending) favorite.mutate();
          }}
        >
          {listing.isFavorite ? 'Remove from Favorites' : 'Add to Favorites'}
        </Button>
        <SellerInformation listing={listing} />
        {!ownListing &&
          (report.isSuccess ? (
            <p role="status">Thanks, we received your report and will review this listing.</p>
          ) : reporting ? (
            <ReportForm
              subject="listing"
              pending={report.isPending}
              error={report.isError ? getErrorMessage(report.error, 'Failed to send the report') : undefined}
              requestId={report.isError ? getRequestId(report.error) : undefined}
              onSubmit={(payload) => {
                if (!report.isPending) report.mutate(payload);
              }}
              onCancel={() => setReporting(false)}
            />
          ) : (
            <Button
              type="button"
              $variant="ghost"
              $fullWidth
              disabled={!hydrated}
              onClick={() => (isAuthenticated ? setReporting(true) : signInFirst())}
            >
              Report listing
            </Button>
          ))}
      </Actions>
    </Card>
  );
}
