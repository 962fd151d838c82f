import { getErrorMessage, MESSAGE_MAX_LENGTH, TYPING_IDLE_MS, useSocket, type Id } from '@carmarket/shared';
import { messageContentSchema } from '@carmarket/shared/schemas';
import { Button, TextAreaField } from '@carmarket/shared/ui';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useSendMessage } from '../../features/conversation/api/send-message';

const Form = styled.form`
  display: grid;
  gap: 0.5rem;
  padding-top: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

const Counter = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

interface Props {
  conversationId: Id;
  recipientId: Id;
  listingId: Id;
}

/**
 * The message input (spec §2, §4, §5): at most 1000 characters with a counter; Send disabled while
 * blank or sending; typing sent on the first keystroke and 'stopped' after 1 s without one.
 */
export function MessageComposer({ conversationId, recipientId, listingId }: Props) {
  const socket = useSocket();
  const send = useSendMessage();
  const [content, setContent] = useState('');
  // One id per message being written: a retry of the same text is stored once by the server.
  const clientMessageId = useRef(crypto.randomUUID());
  const typing = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = () => {
    clearTimeout(idleTimer.current);
    if (typing.current) socket?.emit('typing', { conversationId, isTyping: false });
    typing.current = false;
  };
  // Leaving the conversation ends the typing signal there.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- stopTyping reads refs only
  useEffect(() => stopTyping, [conversationId, socket]);

  const onChange = (value: string) => {
    setContent(value);
    if (!typing.current) {
      typing.current = true;
      socket?.emit('typing', { conversationId, isTyping: true });
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const blank = !messageContentSchema.safeParse(content).success;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || send.isPending) return;
    stopTyping();
    send.mutate(
      { recipientId, listingId, content, clientMessageId: clientMessageId.current },
      {
        onSuccess: () => {
          setContent('');
          clientMessageId.current = crypto.randomUUID();
        },
      },
    );
  };

  // Enter sends, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  return (
    <Form onSubmit={submit}>
      <TextAreaField
        label="Message"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={content}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type a message…"
      />
      {send.isError && <Alert role="alert">{getErrorMessage(send.error, 'Failed to send message')}</Alert>}
      <Actions>
        <Counter aria-live="polite">
          {content.length}/{MESSAGE_MAX_LENGTH}
        </Counter>
        <Button type="submit" disabled={blank || send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </Actions>
    </Form>
  );
}
