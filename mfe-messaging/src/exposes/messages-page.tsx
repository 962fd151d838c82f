// ./MessagesPage: /messages and /messages/{conversationId}, inside the shell's router, QueryClient and theme.
export { MessagesPage as default } from '../pages/messages/messages-page';
