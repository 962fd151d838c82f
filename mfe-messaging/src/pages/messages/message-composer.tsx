import {
  getErrorMessage,
  getRequestId,
  MESSAGE_MAX_LENGTH,
  routes,
  TYPING_IDLE_MS,
  useDisplayNamePrompt,
  useSocket,
  type Id,
} from '@carmarket/shared';
import { containsContactDetails } from '@carmarket/shared/safety';
import { Link } from '@carmarket/shared/router';
import { loadOnce } from '@carmarket/shared/schemas';
import { Button, SupportRequestId, TextAreaField, TextField } from '@carmarket/shared/ui';
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

const Nudge = styled.div`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem;
  border-left: 4px solid ${({ theme }) => theme.colors.tones.warning.background};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  p {
    margin: 0;
  }
`;

const NudgeActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

type MessageRules = Pick<
  typeof import('@carmarket/shared/schemas'),
  'displayNameSchema' | 'messageContentSchema'
>;

// Reading a conversation needs no validation: the message and name rules, and zod behind them
// (7 KB gzip), are fetched when the sender first focuses the composer.
const loadRules = loadOnce<MessageRules>(
  () =>
    import(/* webpackExports: ["displayNameSchema", "messageContentSchema"] */ '@carmarket/shared/schemas'),
);

const loadNameRule = () => loadRules().then(({ displayNameSchema }) => displayNameSchema);

interface Props {
  conversationId: Id;
  recipientId: Id;
  listingId: Id;
}

/**
 * The message input (spec §2, §4, §5): at most 1000 characters with a counter; Send disabled while
 * blank or sending (and until the rules have loaded, on the first focus); typing sent on the first keystroke and 'stopped' after 1 s without one. A message
 * with a phone number, email, link or another app in it is held back once with a nudge: the sender
 * chooses to send it anyway or to edit it.
 */
export function MessageComposer({ conversationId, recipientId, listingId }: Props) {
  const socket = useSocket();
  const send = useSendMessage();
  const [rules, setRules] = useState<MessageRules>();
  const namePrompt = useDisplayNamePrompt(loadNameRule);
  const [content, setContent] = useState('');
  const [nudged, setNudged] = useState(false);
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
    setNudged(false);
    if (!typing.current) {
      typing.current = true;
      socket?.emit('typing', { conversationId, isTyping: true });
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const blank = !rules?.messageContentSchema.safeParse(content).success;

  const busy = send.isPending || namePrompt.saving;

  const submit = async (event?: FormEvent, confirmed = false) => {
    event?.preventDefault();
    if (blank || busy) return;
    if (!confirmed && containsContactDetails(content)) {
      setNudged(true);
      return;
    }
    setNudged(false);
    if (!(await namePrompt.ensureName())) return;
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
    if (event.key === 'Enter' && !event.shiftKey) void submit(event);
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadRules().then(setRules, () => undefined)}
    >
      {namePrompt.needed && <TextField {...namePrompt.field} />}
      <TextAreaField
        label="Message"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={content}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type a message…"
      />
      {nudged && (
        <Nudge role="alert">
          <p>
            <strong>Share contact details?</strong> Keeping the conversation on CarMarket keeps you protected:
            messages here are checked for scams and you can block or report someone. Scammers often ask to
            move to text or email first. <Link to={routes.safetyTips}>Safety tips</Link>
          </p>
          <NudgeActions>
            <Button type="button" onClick={() => void submit(undefined, true)}>
              Send anyway
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setNudged(false)}>
              Edit message
            </Button>
          </NudgeActions>
        </Nudge>
      )}
      {send.isError && (
        <div role="alert">
          <Alert>{getErrorMessage(send.error, 'Failed to send message')}</Alert>
          <SupportRequestId requestId={getRequestId(send.error)} />
        </div>
      )}
      <Actions>
        <Counter aria-live="polite">
          {content.length}/{MESSAGE_MAX_LENGTH}
        </Counter>
        <Button type="submit" disabled={blank || busy}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </Actions>
    </Form>
  );
}
