import { SERVER_STATE_ELEMENT_ID } from '@carmarket/shared';
import type { DehydratedState } from '@tanstack/react-query';

/** What the server render handed over (api/src/site/server-render.ts writes it). */
export interface ServerState {
  /** The query client's id the markup names (data-query-client), adopted by the page's client. */
  queryClientId: string;
  /** The theme the markup was rendered in. */
  theme: string;
  /** The queries the page was rendered with. */
  queries: DehydratedState;
}

function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as ServerState) : null;
  } catch {
    return null;
  }
}

/** The server render's state, when this page load came with one. */
export const serverState = readServerState();
