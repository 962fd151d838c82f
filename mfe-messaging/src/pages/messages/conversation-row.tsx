import {
  formatPrice,
  formatRelativeTime,
  formatVehicleName,
  routes,
  truncate,
  type Conversation,
} from '@carmarket/shared';
import { Badge, Thumbnail, VisuallyHidden } from '@carmarket/shared/ui';
import { NavLink } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useLiveStore } from '../../features/live/live-store';
import { PresenceDot } from './presence-dot';

const Row = styled(NavLink)`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: 0.25rem 0.75rem;
  align-items: center;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &.active {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Photo = styled.span`
  grid-row: span 3;
  position: relative;
`;

/** The other person's initial, over the corner of the car's photo. */
const Avatar = styled.span`
  position: absolute;
  right: -0.375rem;
  bottom: -0.375rem;
  display: grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border: 2px solid ${({ theme }) => theme.colors.surface};
  border-radius: 50%;
  font-size: 0.875rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Name = styled.span`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  min-width: 0;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

/** The vehicle (year make model), else the listing's title, else the title it had when deleted. */
export function vehicleOf({ listing, listingTitle }: Conversation): string {
  if (listing?.vehicle) return formatVehicleName(listing.vehicle) || listing.title;
  return listing?.title || listingTitle || 'Unknown Vehicle';
}

/** One conversation in the list (spec §2): who, when, which car, the last message, unread count. */
export function ConversationRow({ conversation, userId }: { conversation: Conversation; userId?: string }) {
  const { otherParticipant, lastMessage, unreadCount, listing } = conversation;
  const presence = useLiveStore((state) =>
    otherParticipant ? state.presence[otherParticipant._id] : undefined,
  );
  const name = otherParticipant?.name || 'Unknown User';
  const preview = lastMessage
    ? `${lastMessage.sender._id === userId ? 'You: ' : ''}${truncate(lastMessage.content)}`
    : 'No messages yet';

  return (
    <li>
      <Row to={routes.conversation(conversation.conversationId)} data-testid="conversation-row">
        <Photo>
          <Thumbnail
            src={listing?.primaryImage?.thumbnail}
            processing={listing?.primaryImage?.status === 'processing'}
            width={72}
          />
          <Avatar aria-hidden="true">{name.charAt(0).toUpperCase()}</Avatar>
        </Photo>
        <Name>
          <PresenceDot presence={presence} />
          {name}
        </Name>
        <Muted>{lastMessage ? formatRelativeTime(lastMessage.createdAt) : ''}</Muted>
        <span>
          {vehicleOf(conversation)}
          {listing && <Muted> · {formatPrice(listing.price.amount)}</Muted>}
        </span>
        {unreadCount > 0 ? (
          <Badge $tone="danger">
            {unreadCount}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : (
          <span />
        )}
        <Muted style={{ gridColumn: '2 / -1' }}>{preview}</Muted>
      </Row>
    </li>
  );
}
