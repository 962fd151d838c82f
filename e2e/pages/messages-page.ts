import type { Locator, Page } from '@playwright/test';

/** /messages and /messages/{conversationId} (spec §2 "Messages"). */
export class MessagesPage {
  readonly heading: Locator;
  readonly conversationList: Locator;
  readonly conversation: Locator;
  readonly rows: Locator;
  readonly messages: Locator;
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly typingIndicator: Locator;
  readonly presenceStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: /^Messages/ });
    this.conversationList = page.getByRole('region', { name: 'Conversations' });
    this.conversation = page.getByRole('region', { name: 'Conversation', exact: true });
    this.rows = this.conversationList.getByTestId('conversation-row');
    this.messages = this.conversation.getByTestId('message');
    this.input = this.conversation.getByLabel('Message', { exact: true });
    this.sendButton = this.conversation.getByRole('button', { name: 'Send', exact: true });
    this.typingIndicator = this.conversation.getByRole('status').filter({ hasText: 'is typing' });
    this.presenceStatus = this.conversation.getByTestId('presence-status');
  }

  async goto(conversationId?: string) {
    await this.page.goto(conversationId ? `/messages/${conversationId}` : '/messages');
  }

  message(text: string) {
    return this.messages.filter({ hasText: text });
  }

  async send(text: string) {
    await this.input.fill(text);
    await this.sendButton.click();
  }

  /** Deletes one of the user's own messages, accepting the spec's confirm dialog. */
  async deleteMessage(text: string) {
    this.page.once('dialog', (dialog) => {
      if (dialog.message() !== 'Are you sure you want to delete this message?') {
        throw new Error(`unexpected dialog: ${dialog.message()}`);
      }
      void dialog.accept();
    });
    await this.message(text).getByRole('button', { name: 'Delete message' }).click();
  }
}
