// The one-field name prompt (issue 15): a user who has not given a display name is asked for one,
// once, where it matters — before their first message and before their first listing. The listing
// page, the conversation view and the listing wizard show the same field from this hook.
import { useRef, useState, type ChangeEvent } from 'react';
import { NAME_MAX } from '../constants/limits.js';
import type { ApiSuccess, User } from '../contracts/entities.js';
import { useSessionStore } from '../state/session.js';
import { getErrorMessage, http } from './http.js';

/** PUT /auth/profile/name: sets the display name alone and answers with the updated user. */
export async function saveDisplayName(name: string): Promise<User> {
  const { data } = await http.put<ApiSuccess<{ user: User }>>('/auth/profile/name', { name });
  return data.data.user;
}

/**
 * What the prompt needs of `displayNameSchema` from @carmarket/shared/schemas. The caller passes the
 * schema in, so the form checks with the server's own rules while this entry stays free of zod
 * (only the schemas entry loads it, see shared-config.ts).
 */
export interface DisplayNameParser {
  safeParse(input: {
    name: string;
  }):
    | { success: true; data: { name: string } }
    | { success: false; error: { issues: readonly { message: string }[] } };
}

const SAVE_FAILED = 'Failed to save your name. Please try again.';

/**
 * `needed` while the signed-in user has no display name; `field` is the props of a TextField to show
 * then; `ensureName()` resolves true once the user has a name (already had one, or the typed one is
 * valid and saved, which also puts it in the session for the header), false with the error shown
 * on the focused field otherwise. `schema` is the parser, or a function that loads it (called by
 * `ensureName()` when a name is needed), so a page can leave the rules out of its first paint.
 */
export function useDisplayNamePrompt(schema: DisplayNameParser | (() => Promise<DisplayNameParser>)) {
  const needed = useSessionStore((state) => state.isAuthenticated && !state.user?.name);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
    return false;
  };

  const ensureName = async (): Promise<boolean> => {
    if (!needed) return true;
    let parser: DisplayNameParser;
    try {
      parser = typeof schema === 'function' ? await schema() : schema;
    } catch {
      return fail(SAVE_FAILED);
    }
    const parsed = parser.safeParse({ name });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? SAVE_FAILED);
    setSaving(true);
    try {
      useSessionStore.getState().setUser(await saveDisplayName(parsed.data.name));
      return true;
    } catch (failure) {
      return fail(getErrorMessage(failure, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  const field = {
    ref: input,
    label: 'Your name',
    hint: 'Asked once: people see this name with your messages and listings instead of your email.',
    required: true,
    autoComplete: 'name',
    maxLength: NAME_MAX,
    value: name,
    error,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setName(event.target.value);
      setError(undefined);
    },
  };

  return { needed, saving, field, ensureName };
}
