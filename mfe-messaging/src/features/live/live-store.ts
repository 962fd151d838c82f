import { TYPING_INDICATOR_EXPIRY_MS, type Id, type PresenceMap } from '@carmarket/shared';
import { create } from 'zustand';

interface LiveState {
  /** The conversation open on this page; its new messages are read at once, not counted unread. */
  activeConversationId: Id | null;
  presence: PresenceMap;
  /** Conversations in which the other participant is typing right now. */
  typing: Record<Id, boolean>;
  setActiveConversation(conversationId: Id | null): void;
  mergePresence(presence: PresenceMap): void;
  setTyping(conversationId: Id, isTyping: boolean): void;
}

const typingTimers = new Map<Id, ReturnType<typeof setTimeout>>();

/** Live messaging state of this page (one module instance serves the page and the header badge). */
export const useLiveStore = create<LiveState>()((set) => ({
  activeConversationId: null,
  presence: {},
  typing: {},
  setActiveConversation: (activeConversationId) => set({ activeConversationId }),
  mergePresence: (presence) => set((state) => ({ presence: { ...state.presence, ...presence } })),
  setTyping: (conversationId, isTyping) => {
    clearTimeout(typingTimers.get(conversationId));
    // Spec §4: a received typing indicator resets to false by itself after 3 seconds.
    if (isTyping) {
      typingTimers.set(
        conversationId,
        setTimeout(
          () => set((state) => ({ typing: { ...state.typing, [conversationId]: false } })),
          TYPING_INDICATOR_EXPIRY_MS,
        ),
      );
    }
    set((state) => ({ typing: { ...state.typing, [conversationId]: isTyping } }));
  },
}));
