import { remoteModuleId, routePatterns } from '@carmarket/shared';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '@carmarket/shared/router';
import { Layout } from '../layout/layout';
import { HomePage } from '../pages/home/home-page';
import { VerifyPage } from '../pages/verify/verify-page';
import { RemoteBoundary } from '../remotes/remote-boundary';
import { GuestOnly, RequireAuth } from '../routing/guards';
import type { RouteHandle } from '../routing/route-handle';

// The sign-in forms bring zod and react-hook-form: loaded only when /login or /register opens.
const SignInPage = lazy(() => import('../pages/sign-in/sign-in-page'));

const remotePage = (id: string, title: string): RouteObject => ({
  element: <RemoteBoundary id={id} />,
  handle: { title } satisfies RouteHandle,
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
      { path: routePatterns.search, ...remotePage(remoteModuleId('search', 'SearchPage'), 'Search Cars') },
      {
        path: routePatterns.listing,
        ...remotePage(remoteModuleId('listings', 'ListingDetailPage'), 'Listing Details'),
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
            ...remotePage(remoteModuleId('account', 'DashboardPage'), 'My Dashboard'),
          },
          {
            path: routePatterns.profile,
            ...remotePage(remoteModuleId('account', 'ProfilePage'), 'My Profile'),
          },
          {
            path: routePatterns.favorites,
            ...remotePage(remoteModuleId('account', 'FavoritesPage'), 'My Favorites'),
          },
          {
            path: routePatterns.createListing,
            ...remotePage(remoteModuleId('seller', 'CreateListingPage'), 'Sell Your Car'),
          },
          {
            path: routePatterns.editListing,
            ...remotePage(remoteModuleId('seller', 'EditListingPage'), 'Edit Listing'),
          },
          {
            path: routePatterns.messages,
            ...remotePage(remoteModuleId('messaging', 'MessagesPage'), 'Messages'),
          },
          {
            path: routePatterns.conversation,
            ...remotePage(remoteModuleId('messaging', 'MessagesPage'), 'Messages'),
          },
        ],
      },
      { path: '*', element: <Navigate to={routePatterns.home} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routeTable);
