import { lazy } from 'react';

/** Loaded after sign-in only, so a guest's first page does not carry the badge's code. */
export const UnreadMessagesBadge = lazy(() => import('./unread-messages-badge'));
