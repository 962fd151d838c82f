import { http, useSessionStore, type ApiSuccess, type User } from '@carmarket/shared';
import type { Profile } from '@carmarket/shared/schemas';
import { useMutation } from '@tanstack/react-query';

/** PUT /auth/profile: replaces the profile and answers with the updated user. */
export async function updateProfile(profile: Profile): Promise<User> {
  const { data } = await http.put<ApiSuccess<{ user: User }>>('/auth/profile', profile);
  return data.data.user;
}

/** The session's user is the header's source: it is replaced with the saved one. */
export function useUpdateProfile() {
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({ mutationFn: updateProfile, onSuccess: setUser });
}
