import {
  formatLongDate,
  formatPrice,
  formatRelativeTime,
  getErrorMessage,
  getRequestId,
  routes,
  useSessionStore,
  useSocket,
  type Id,
  type Message,
} from '@carmarket/shared';
import { Button, EmptyState, ErrorState, Skeleton, Thumbnail, VisuallyHidden } from '@carmarket/shared/ui';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { useDeleteMessage } from '../../features/conversation/api/delete-message';
import { useMessages } from '../../features/conversation/api/get-messages';
import { useMarkConversationRead } from '../../features/conversation/api/mark-conversation-read';
import { useSetArchived } from '../../features/conversation/api/set-archived';
import { useSetBlocked } from '../../features/conversation/api/set-blocked';
import { useLiveStore } from '../../features/live/live-store';
import { vehicleOf } from './conversation-row';
import { MessageComposer } from './message-composer';
import { MessageReport } from './message-report';
import { PresenceDot } from './presence-dot';
import { ScamWarning } from './scam-warning';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding-bottom: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
  }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 0;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Thread = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  max-height: 55vh;
  margin: 0;
  padding: 0.75rem 0;
  overflow-y: auto;
  list-style: none;
`;

const Divider = styled.li`
  align-self: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

const Bubble = styled.li<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: min(80%, 36rem);
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $own }) => ($own ? theme.colors.tones.primary.background : theme.colors.surfaceMuted)};
  color: ${({ theme, $own }) => ($own ? theme.colors.tones.primary.foreground : theme.colors.text)};

  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 0.375rem;
  font-size: 0.75rem;
`;

const DeleteButton = styled.button`
  padding: 0 0.25rem;
  border: 0;
  background: none;
  color: inherit;
  font-size: 1rem;
  line-height: 1;
  cursor: pointer;
`;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
const dayOf = (iso: string) => new Date(iso).toDateString();

/** The open conversation (spec §2, §4): header, messages by day, typing indicator, composer. */
export function ConversationView({ conversationId }: { conversationId: Id }) {
  const userId = useSessionStore((state) => state.user?._id);
  const socket = useSocket();
  const { data, isPending, isError, error } = useMessages(conversationId);
  const markRead = useMarkConversationRead();
  const deleteMessage = useDeleteMessage();
  const setArchived = useSetArchived();
  const setBlocked = useSetBlocked();
  const other = data?.conversation.otherParticipant ?? null;
  const presence = useLiveStore((state) => (other ? state.presence[other._id] : undefined));
  const otherTyping = useLiveStore((state) => state.typing[conversationId] ?? false);
  const bottom = useRef<HTMLLIElement>(null);

  // Opening sets the conversation active and joins its room; switching leaves the previous one.
  useEffect(() => {
    useLiveStore.getState().setActiveConversation(conversationId);
    socket?.emit('join-conversation', conversationId);
    return () => {
      socket?.emit('leave-conversation', conversationId);
      useLiveStore.getState().setActiveConversation(null);
    };
  }, [conversationId, socket]);

  // Unread messages addressed to the user are read as soon as they are shown.
  const hasUnread = data?.messages.some((m) => m.recipient._id === userId && !m.read) ?? false;
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (hasUnread) markConversationRead(conversationId);
  }, [hasUnread, conversationId, markConversationRead]);

  useEffect(() => {
    if (other) socket?.emit('request-user-status', [other._id]);
  }, [other, socket]);

  const count = data?.messages.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  if (isPending) {
    return (
      <div role="status">
        <VisuallyHidden>Loading messages…</VisuallyHidden>
        <Skeleton $height="3rem" />
        <Skeleton $height="12rem" />
      </div>
    );
  }
  if (isError) {
    return (
      <ErrorState
        title="Something went wrong"
        message={getErrorMessage(error, 'Failed to load messages')}
        requestId={getRequestId(error)}
      />
    );
  }

  const { conversation, messages } = data;
  const name = other?.name || 'Unknown User';
  const status =
    presence?.status === 'online'
      ? 'Online'
      : presence?.lastSeen
        ? `Last seen ${formatRelativeTime(presence.lastSeen)}`
        : 'Offline';

  const remove = (message: Message) => {
    if (!window.confirm('Are you sure you want to delete this message?')) return;
    // Spec §8: a delete failure on the messages page is logged only.
    deleteMessage.mutate(message, { onError: (e) => console.error('Failed to delete message', e) });
  };

  return (
    <>
      <Header>
        <Who>
          <Thumbnail
            src={conversation.listing?.primaryImage?.thumbnail}
            processing={conversation.listing?.primaryImage?.status === 'processing'}
            width={88}
          />
          <div>
            <Link to={routes.messages}>← Back to conversations</Link>
            <h2>
              <PresenceDot presence={presence} />
              {name}
            </h2>
            <Muted data-testid="presence-status">{status}</Muted>
            <div>
              {conversation.listing ? (
                <Link to={routes.listing(conversation.listing._id)}>
                  {vehicleOf(conversation)} · {formatPrice(conversation.listing.price.amount)}
                </Link>
              ) : (
                <Muted>{vehicleOf(conversation)} (listing removed)</Muted>
              )}
            </div>
          </div>
        </Who>
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            // aria-disabled, not disabled: toggles keep the keyboard focus they hold while saving.
            aria-disabled={setArchived.isPending}
            onClick={() => {
              if (!setArchived.isPending)
                setArchived.mutate({ conversationId, archived: !conversation.isArchived });
            }}
          >
            {conversation.isArchived ? 'Unarchive' : 'Archive'}
          </Button>
          {other && (
            <Button
              type="button"
              $variant="danger"
              $size="sm"
              aria-disabled={setBlocked.isPending}
              onClick={() => {
                if (!setBlocked.isPending)
                  setBlocked.mutate({ userId: other._id, blocked: !conversation.isBlocked });
              }}
            >
              {conversation.isBlocked ? 'Unblock' : 'Block'}
            </Button>
          )}
        </Actions>
      </Header>

      {messages.length === 0 ? (
        <EmptyState title="No messages yet" message="Start the conversation by sending a message" />
      ) : (
        <Thread aria-label="Messages">
          {messages.map((message, index) => {
            const own = message.sender._id === userId;
            const newDay = index === 0 || dayOf(messages[index - 1]!.createdAt) !== dayOf(message.createdAt);
            return (
              <Fragment key={message._id}>
                {newDay && <Divider>{formatLongDate(message.createdAt)}</Divider>}
                <Bubble $own={own} data-testid="message">
                  <p>{message.content}</p>
                  {!own && message.warnings.length > 0 && <ScamWarning kinds={message.warnings} />}
                  <Meta>
                    <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
                    {own && message.read && (
                      <span role="img" aria-label="Read" data-testid="read-receipt">
                        ✓✓
                      </span>
                    )}
                    {own && (
                      <DeleteButton type="button" aria-label="Delete message" onClick={() => remove(message)}>
                        ×
                      </DeleteButton>
                    )}
                  </Meta>
                  {!own && <MessageReport messageId={message._id} />}
                </Bubble>
              </Fragment>
            );
          })}
          <li ref={bottom} aria-hidden="true" />
        </Thread>
      )}

      <Muted role="status" aria-live="polite">
        {otherTyping ? `${name} is typing…` : ''}
      </Muted>

      {conversation.isBlocked ? (
        <Muted>You blocked {name}. Unblock them to send a message.</Muted>
      ) : conversation.listing && other ? (
        <MessageComposer
          conversationId={conversationId}
          recipientId={other._id}
          listingId={conversation.listing._id}
        />
      ) : (
        <Muted>This listing is no longer available, so no new messages can be sent.</Muted>
      )}
    </>
  );
}
