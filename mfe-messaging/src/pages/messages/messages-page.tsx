import {
  CONVERSATION_SKELETON_ROWS,
  getErrorMessage,
  getRequestId,
  routes,
  useSessionStore,
  useSocket,
  RemoteRoot,
} from '@carmarket/shared';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  PageContainer,
  Skeleton,
  VisuallyHidden,
} from '@carmarket/shared/ui';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@carmarket/shared/router';
import styled from 'styled-components';
import {
  useConversations,
  type ConversationFolder,
} from '../../features/conversations/api/get-conversations';
import { useMessagingLive } from '../../features/live/use-messaging-live';
import { UnreadBadge } from '../../features/unread/unread-badge';
import { ConversationRow } from './conversation-row';
import { ConversationView } from './conversation-view';

const PHONE = '(max-width: 47.99rem)';

/** Two panes; on a phone only one shows: the list, or the open conversation with its back link. */
const Panes = styled.div<{ $open: boolean }>`
  display: grid;
  grid-template-columns: minmax(16rem, 22rem) minmax(0, 1fr);
  gap: 1rem;
  margin-top: 1rem;

  @media ${PHONE} {
    grid-template-columns: minmax(0, 1fr);
    > :nth-child(${({ $open }) => ($open ? 1 : 2)}) {
      display: none;
    }
  }
`;

const ListHeader = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 0.5rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Title = styled.h1`
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const ConversationPane = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
`;

/** /messages and /messages/{conversationId} (spec §2): the conversation list and the open one. */
export function MessagesPage() {
  useMessagingLive();
  const { conversationId } = useParams();
  const userId = useSessionStore((state) => state.user?._id);
  const socket = useSocket();
  const [folder, setFolder] = useState<ConversationFolder>('inbox');
  const { data: conversations, isPending, isError, error } = useConversations(folder);

  // Spec §4: once conversations load, ask who of the other participants is online.
  const participantIds = (conversations ?? []).flatMap((c) =>
    c.otherParticipant ? [c.otherParticipant._id] : [],
  );
  const participantKey = participantIds.join(',');
  useEffect(() => {
    if (socket && participantKey) socket.emit('request-user-status', participantKey.split(','));
  }, [socket, participantKey]);

  return (
    <RemoteRoot remote="mfe_messaging">
      <PageContainer>
        <Title>
          Messages <UnreadBadge />
        </Title>
        <Panes $open={Boolean(conversationId)}>
          <Card as="section" aria-label="Conversations">
            <ListHeader>
              <Button
                type="button"
                $variant="ghost"
                $size="sm"
                aria-pressed={folder === 'archived'}
                onClick={() => setFolder(folder === 'inbox' ? 'archived' : 'inbox')}
              >
                {folder === 'inbox' ? 'Show archived' : 'Show inbox'}
              </Button>
            </ListHeader>
            {isPending ? (
              <div role="status">
                <VisuallyHidden>Loading conversations…</VisuallyHidden>
                {Array.from({ length: CONVERSATION_SKELETON_ROWS }, (_, index) => (
                  <Skeleton key={index} $height="4rem" data-testid="conversation-skeleton" />
                ))}
              </div>
            ) : isError ? (
              <ErrorState
                title="Something went wrong"
                message={getErrorMessage(error, 'Failed to load conversations')}
                requestId={getRequestId(error)}
              />
            ) : conversations.length === 0 ? (
              <EmptyState
                title={folder === 'inbox' ? 'No conversations yet' : 'No archived conversations'}
                message={folder === 'inbox' ? 'Message a seller from a listing to start one.' : undefined}
                action={
                  <Button as={Link} to={routes.search}>
                    Browse Listings
                  </Button>
                }
              />
            ) : (
              <List>
                {conversations.map((conversation) => (
                  <ConversationRow
                    key={conversation.conversationId}
                    conversation={conversation}
                    userId={userId}
                  />
                ))}
              </List>
            )}
          </Card>
          <ConversationPane as="section" aria-label="Conversation">
            {conversationId ? (
              <ConversationView key={conversationId} conversationId={conversationId} />
            ) : (
              <EmptyState
                title="Select a conversation"
                message="Choose a conversation from the list to read it."
              />
            )}
          </ConversationPane>
        </Panes>
      </PageContainer>
    </RemoteRoot>
  );
}
