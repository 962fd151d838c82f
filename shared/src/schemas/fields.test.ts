import { describe, expect, it } from '@jest/globals';
import { NOT_TEXT_MESSAGE, requiredText, safeText } from './fields.js';
import { messageContentSchema } from './messages.js';
import { savedSearchPayloadSchema } from './search.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text the API accepts', () => {
  it.each([
    ['NUL', 'abc\u0000def'],
    ['a bell and an escape', 'ok\u0007\u001b[31m'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL, CSI)', 'a\u0085b\u009b31m'],
    ['a right-to-left override', 'Ford\u202eevil'],
    ['a left-to-right embedding', 'a\u202ab'],
    ['a bidirectional isolate', 'a\u2067b\u2069'],
    ['a lone high surrogate', 'x\ud800y'],
    ['a lone low surrogate', 'x\udfffy'],
  ])('refuses %s with a message that says what to fix', (_, text) => {
    expect(firstMessage(safeText().safeParse(text))).toBe(NOT_TEXT_MESSAGE);
    expect(firstMessage(requiredText('Title is required').safeParse(text))).toBe(NOT_TEXT_MESSAGE);
  });

  it('keeps tabs, line breaks, emoji and accents, stored in NFC', () => {
    expect(safeText().parse('Line one\n\tLine two\r\n🚗 ok')).toBe('Line one\n\tLine two\r\n🚗 ok');
    // Emoji joined into one (a family), and the marks that place a right-to-left word in a line.
    expect(safeText().parse('👨\u200d👩\u200d👧 שלום\u200f ok\u200e')).toBe(
      '👨\u200d👩\u200d👧 שלום\u200f ok\u200e',
    );
    const decomposed = 'Cafe\u0301';
    expect(safeText().parse(decomposed)).toBe('Caf\u00e9');
  });

  it('guards free text everywhere, e.g. a message and a saved search', () => {
    expect(firstMessage(messageContentSchema.safeParse('call me\u0000'))).toBe(NOT_TEXT_MESSAGE);
    const saved = savedSearchPayloadSchema.safeParse({ name: 'Hondas', params: { make: 'Hon\ud800da' } });
    expect(firstMessage(saved)).toBe(NOT_TEXT_MESSAGE);
    expect(savedSearchPayloadSchema.parse({ name: 'Cafe\u0301 cars', params: {} }).name).toBe(
      'Caf\u00e9 cars',
    );
  });
});
