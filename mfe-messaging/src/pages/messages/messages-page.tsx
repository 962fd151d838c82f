import { CONVERSATION_SKELETON_ROWS, getErrorMessage, routes, useSessionStore } from '@carmarket/shared';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  PageContainer,
  Skeleton,
  VisuallyHidden,
} from '@carmarket/shared/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useConversations } from '../../features/conversations/api/get-conversations';
import { UnreadBadge } from '../../features/unread/unread-badge';
import { RemoteRoot } from '../../remote-root';
import { ConversationRow } from './conversation-row';

const Panes = styled.div`
  display: grid;
  grid-template-columns: minmax(16rem, 22rem) 1fr;
  gap: 1rem;
  margin-top: 1rem;

  @media (max-width: 47.99rem) {
    grid-template-columns: 1fr;
  }
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

/** /messages and /messages/{conversationId} (spec §2): the conversation list and the open one. */
export function MessagesPage() {
  const { conversationId } = useParams();
  const userId = useSessionStore((state) => state.user?._id);
  const { data: conversations, isPending, isError, error } = useConversations();
  const open = conversations?.find((conversation) => conversation.conversationId === conversationId);

  return (
    <RemoteRoot>
      <PageContainer>
        <Title>
          Messages <UnreadBadge />
        </Title>
        <Panes>
          <Card as="section" aria-label="Conversations">
            {isPending ? (
              <div role="status">
                <VisuallyHidden>Loading conversations…</VisuallyHidden>
                {Array.from({ length: CONVERSATION_SKELETON_ROWS }, (_, index) => (
                  <Skeleton key={index} $height="4rem" />
                ))}
              </div>
            ) : isError ? (
              <ErrorState
                title="Something went wrong"
                message={getErrorMessage(error, 'Failed to load conversations')}
              />
            ) : conversations.length === 0 ? (
              <EmptyState
                title="No conversations yet"
                message="Message a seller from a listing to start one."
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
          <Card as="section" aria-label="Conversation">
            {open ? (
              <>
                <h2>{open.otherParticipant?.name || 'Unknown User'}</h2>
                {open.listing && <Link to={routes.listing(open.listing._id)}>{open.listing.title}</Link>}
              </>
            ) : (
              <EmptyState
                title="Select a conversation"
                message="Choose a conversation from the list to read it."
              />
            )}
          </Card>
        </Panes>
      </PageContainer>
    </RemoteRoot>
  );
}
