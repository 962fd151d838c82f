import { describe, expect, it } from '@jest/globals';
import type { Conversation, ListingImage } from '@carmarket/shared';
import { BrowserRouter } from '@carmarket/shared/router';
import { lightTheme } from '@carmarket/shared/ui';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { ConversationRow } from './conversation-row';

const photo: ListingImage = {
  url: '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c.webp',
  thumbnail: '/uploads/photos/4f/4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c-thumb.webp',
  alt: '',
  publicId: '4f3a9c0d2b7e4e1a8c6d5b3a2f1e0d9c',
  isPrimary: true,
  status: 'ready',
};

const conversationAbout = (primaryImage: ListingImage): Conversation => ({
  conversationId: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  otherParticipant: { _id: 'seller', name: 'Jane', profileImage: null },
  lastMessage: {
    content: 'Is it still available?',
    sender: { _id: 'buyer' },
    createdAt: '2026-03-01T12:00:00.000Z',
  },
  unreadCount: 1,
  listing: {
    _id: '0b6f3c1e-2d4a-4e5f-9a7b-8c9d0e1f2a3b',
    title: '2019 Honda Civic EX',
    primaryImage,
    price: { amount: 18500, currency: 'USD', negotiable: true },
    vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  },
  listingTitle: '2019 Honda Civic EX',
  isArchived: false,
  isBlocked: false,
});

function renderRow(conversation: Conversation) {
  render(
    <ThemeProvider theme={lightTheme}>
      <BrowserRouter>
        <ul>
          <ConversationRow conversation={conversation} userId="buyer" />
        </ul>
      </BrowserRouter>
    </ThemeProvider>,
  );
  return screen.getByTestId('conversation-row');
}

describe('ConversationRow', () => {
  it("shows the car's photo beside the conversation", () => {
    const row = renderRow(conversationAbout(photo));
    expect(row.querySelector('img')?.getAttribute('src')).toBe(photo.thumbnail);
    expect(row.textContent).toContain('2019 Honda Civic');
  });

  it('says "Processing…" in the place of a photo whose file is still being made', () => {
    const row = renderRow(conversationAbout({ ...photo, status: 'processing' }));
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('Processing…');
  });
});
