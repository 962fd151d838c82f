import { lazy } from 'react';

/** Loaded after sign-in only, so a guest's first page does not carry the menu's code. */
export const NotificationsMenu = lazy(() => import('./notifications-menu'));
