import { describe, expect, it } from '@jest/globals';
import { messageContentSchema, sendMessagePayloadSchema } from './messages.js';

const recipientId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const listingId = '0b5e2f9c-3c1d-4a8e-9f3b-2d7c6a1e4b50';

describe('messageContentSchema', () => {
  it.each([
    ['', 'Message cannot be empty'],
    ['   \n ', 'Message cannot be empty'],
    [undefined, 'Message cannot be empty'],
    ['x'.repeat(1001), 'Message must be at most 1000 characters'],
  ])('%p → %s', (content, message) => {
    expect(messageContentSchema.safeParse(content).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('trims, and counts 1000 characters after trimming', () => {
    expect(messageContentSchema.parse('  Is it still available?  ')).toBe('Is it still available?');
    expect(messageContentSchema.parse(` ${'x'.repeat(1000)} `)).toHaveLength(1000);
  });
});

describe('sendMessagePayloadSchema', () => {
  it('defaults attachments to an empty list', () => {
    expect(sendMessagePayloadSchema.parse({ recipientId, listingId, content: 'Hi' })).toEqual({
      recipientId,
      listingId,
      content: 'Hi',
      attachments: [],
    });
  });

  it('rejects malformed ids', () => {
    const result = sendMessagePayloadSchema.safeParse({ recipientId: '42', listingId: 'x', content: 'Hi' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Invalid recipient',
      'Invalid listing',
    ]);
  });
});
