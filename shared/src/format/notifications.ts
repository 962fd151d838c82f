// The words and link of a notification, the same in the header's menu and in the mailed digest. A
// new kind of notification adds its case here (TypeScript insists).
import type { NotificationKind, NotificationPayloads } from '../contracts/entities.js';
import { routes } from '../contracts/routes.js';
import { formatPrice } from './format.js';

export interface NotificationText {
  text: string;
  /** A path on the site. */
  href: string;
}

/** A notification's kind with its payload (an AppNotification, or one about to be stored). */
type KindWithPayload = {
  [K in NotificationKind]: { kind: K; payload: NotificationPayloads[K] };
}[NotificationKind];

export function describeNotification(notification: KindWithPayload): NotificationText {
  switch (notification.kind) {
    case 'saved-search-match': {
      const { savedSearchName, title, priceAmount, listingId } = notification.payload;
      return {
        text: `New for “${savedSearchName}”: ${title}, ${formatPrice(priceAmount)}`,
        href: routes.listing(listingId),
      };
    }
    case 'price-drop': {
      const { title, fromAmount, toAmount, listingId } = notification.payload;
      return {
        text: `Price dropped ${formatPrice(fromAmount - toAmount)} on ${title}: now ${formatPrice(toAmount)}`,
        href: routes.listing(listingId),
      };
    }
  }
}
