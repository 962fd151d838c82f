import {
  formatRelativeTime,
  formatPrice,
  formatVehicleName,
  routes,
  truncate,
  type Conversation,
} from '@carmarket/shared';
import { Badge, VisuallyHidden } from '@carmarket/shared/ui';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

const Row = styled(NavLink)`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.25rem 0.75rem;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &.active {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

function vehicleOf({ listing }: Conversation): string {
  if (listing?.vehicle) return formatVehicleName(listing.vehicle);
  return listing?.title || 'Unknown Vehicle';
}

/** One conversation in the list (spec §2): who, when, which car, the last message, unread count. */
export function ConversationRow({ conversation, userId }: { conversation: Conversation; userId?: string }) {
  const { otherParticipant, lastMessage, unreadCount, listing } = conversation;
  const preview = lastMessage
    ? `${lastMessage.sender._id === userId ? 'You: ' : ''}${truncate(lastMessage.content)}`
    : 'No messages yet';

  return (
    <li>
      <Row to={routes.conversation(conversation.conversationId)}>
        <strong>{otherParticipant?.name || 'Unknown User'}</strong>
        <Muted>{lastMessage ? formatRelativeTime(lastMessage.createdAt) : ''}</Muted>
        <span>
          {vehicleOf(conversation)}
          {listing && <Muted> · {formatPrice(listing.price.amount)}</Muted>}
        </span>
        {unreadCount > 0 ? (
          <Badge>
            {unreadCount}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : (
          <span />
        )}
        <Muted>{preview}</Muted>
      </Row>
    </li>
  );
}
