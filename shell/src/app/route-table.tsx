import { PAGE_REMOTES, remoteModuleId, routePatterns } from '@carmarket/shared';
import { lazy } from 'react';
import { Navigate, type RouteObject } from '@carmarket/shared/router';
import { Layout } from '../layout/layout';
import { HomePage } from '../pages/home/home-page';
import { VerifyPage } from '../pages/verify/verify-page';
import { RemoteBoundary } from '../remotes/remote-boundary';
import { GuestOnly, RequireAuth } from '../routing/guards';
import type { RouteHandle } from '../routing/route-handle';

// The sign-in forms bring zod and react-hook-form: loaded only when /login or /register opens.
const SignInPage = lazy(() => import('../pages/sign-in/sign-in-page'));
const SafetyTipsPage = lazy(() => import('../pages/safety-tips/safety-tips-page'));

// fillScreen: the public pages that are a screen tall or more once they arrive.
const remotePage = (id: string, title: string, fillScreen = false): RouteObject => ({
  element: <RemoteBoundary id={id} fillScreen={fillScreen} />,
  handle: { title, remote: id } satisfies RouteHandle,
});

const page = (element: RouteObject['element'], title: string): RouteObject => ({
  element,
  handle: { title } satisfies RouteHandle,
});

/** Spec §2's route table: public pages, guest-only sign-in pages, protected pages, else home. */
export const routeTable: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: routePatterns.home, ...page(<HomePage />, 'Affordable Used Cars Under $10k') },
      {
        path: routePatterns.search,
        ...remotePage(remoteModuleId(PAGE_REMOTES.search, 'SearchPage'), 'Search Cars', true),
      },
      {
        path: routePatterns.listing,
        ...remotePage(remoteModuleId(PAGE_REMOTES.listing, 'ListingDetailPage'), 'Listing Details', true),
      },
      { path: routePatterns.safetyTips, ...page(<SafetyTipsPage />, 'Safety Tips') },
      {
        path: routePatterns.dealer,
        ...remotePage(remoteModuleId(PAGE_REMOTES.dealer, 'DealerPage'), 'Dealer'),
      },
      {
        element: <GuestOnly />,
        children: [
          { path: routePatterns.login, ...page(<SignInPage mode="login" />, 'Login') },
          { path: routePatterns.register, ...page(<SignInPage mode="register" />, 'Create Account') },
          { path: routePatterns.verify, ...page(<VerifyPage />, 'Verify') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: routePatterns.dashboard,
            ...remotePage(remoteModuleId(PAGE_REMOTES.dashboard, 'DashboardPage'), 'My Dashboard'),
          },
          {
            path: routePatterns.profile,
            ...remotePage(remoteModuleId(PAGE_REMOTES.profile, 'ProfilePage'), 'My Profile'),
          },
          {
            path: routePatterns.favorites,
            ...remotePage(remoteModuleId(PAGE_REMOTES.favorites, 'FavoritesPage'), 'My Favorites'),
          },
          {
            path: routePatterns.moderation,
            ...remotePage(remoteModuleId(PAGE_REMOTES.moderation, 'ModerationPage'), 'Moderation'),
          },
          {
            path: routePatterns.createListing,
            ...remotePage(remoteModuleId(PAGE_REMOTES.createListing, 'CreateListingPage'), 'Sell Your Car'),
          },
          {
            path: routePatterns.editListing,
            ...remotePage(remoteModuleId(PAGE_REMOTES.editListing, 'EditListingPage'), 'Edit Listing'),
          },
          {
            path: routePatterns.messages,
            ...remotePage(remoteModuleId(PAGE_REMOTES.messages, 'MessagesPage'), 'Messages'),
          },
          {
            path: routePatterns.conversation,
            ...remotePage(remoteModuleId(PAGE_REMOTES.conversation, 'MessagesPage'), 'Messages'),
          },
        ],
      },
      { path: '*', element: <Navigate to={routePatterns.home} replace /> },
    ],
  },
];
