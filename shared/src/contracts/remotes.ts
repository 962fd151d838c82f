// Module Federation remotes (docs/architecture.md): MF name, the short name used in URLs
// (`/remotes/<short>/`, `REMOTE_<SHORT>_URL`), the development port and the exposed modules.
import type { RouteName } from './routes.js';

export const remotes = {
  search: {
    name: 'mfe_search',
    short: 'search',
    devPort: 3001,
    exposes: { SearchPage: './SearchPage' },
  },
  listings: {
    name: 'mfe_listings',
    short: 'listings',
    devPort: 3002,
    exposes: { ListingDetailPage: './ListingDetailPage' },
  },
  seller: {
    name: 'mfe_seller',
    short: 'seller',
    devPort: 3003,
    exposes: { CreateListingPage: './CreateListingPage', EditListingPage: './EditListingPage' },
  },
  messaging: {
    name: 'mfe_messaging',
    short: 'messaging',
    devPort: 3004,
    exposes: { MessagesPage: './MessagesPage' },
  },
  account: {
    name: 'mfe_account',
    short: 'account',
    devPort: 3005,
    exposes: {
      DashboardPage: './DashboardPage',
      ProfilePage: './ProfilePage',
      FavoritesPage: './FavoritesPage',
      DealerPage: './DealerPage',
      ModerationPage: './ModerationPage',
    },
  },
} as const;

export type RemoteShortName = keyof typeof remotes;

/**
 * The remote that renders each page. The shell's router mounts them from here, and the server
 * preloads the page's remote manifest from it, so the two never disagree.
 */
export const PAGE_REMOTES = {
  search: 'search',
  listing: 'listings',
  dealer: 'account',
  dashboard: 'account',
  profile: 'account',
  favorites: 'account',
  moderation: 'account',
  createListing: 'seller',
  editListing: 'seller',
  messages: 'messaging',
  conversation: 'messaging',
} as const satisfies Partial<Record<RouteName, RemoteShortName>>;

/** Where index.html carries the page's remotes map (the answer of /remotes.json), as JSON. */
export const REMOTES_ELEMENT_ID = 'carmarket-remotes';
export type RemoteName = (typeof remotes)[RemoteShortName]['name'];
export type RemoteModuleKey<S extends RemoteShortName> = keyof (typeof remotes)[S]['exposes'];

export const REMOTE_SHORT_NAMES = Object.keys(remotes) as RemoteShortName[];

/** The id `loadRemote()` takes, e.g. remoteModuleId('search', 'SearchPage') → 'mfe_search/SearchPage'. */
export function remoteModuleId<S extends RemoteShortName>(short: S, module: RemoteModuleKey<S>): string {
  return `${remotes[short].name}/${String(module)}`;
}
