import { describe, expect, it } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { useDocumentMeta } from './use-document-meta';

describe('useDocumentMeta', () => {
  it("shows the listing's title and description while the page is open, and restores the site's after", () => {
    document.head.innerHTML =
      '<title>CarMarket</title><meta name="description" content="Affordable used cars" />';
    const meta = () => document.querySelector<HTMLMetaElement>('meta[name="description"]')!.content;

    const { rerender, unmount } = renderHook(
      ({ title }) => useDocumentMeta(title, 'One owner, 98,000 miles'),
      {
        initialProps: { title: undefined as string | undefined },
      },
    );
    expect(document.title).toBe('CarMarket');

    rerender({ title: '2012 Honda Civic — $7,400' });
    expect(document.title).toBe('2012 Honda Civic — $7,400');
    expect(meta()).toBe('One owner, 98,000 miles');

    unmount();
    expect(document.title).toBe('CarMarket');
    expect(meta()).toBe('Affordable used cars');
  });
});
