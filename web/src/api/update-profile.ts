import type { ProfileUpdate, User } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { sharedQueryKeys } from '@/lib/query-keys';

/** PUT /api/user/profile: returns the updated user (Settings, and the strategy onboarding's postal address). */
export async function updateProfile(profile: ProfileUpdate): Promise<User> {
  const response = await apiRequest('PUT', '/api/user/profile', profile);
  return response.json();
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user, profile) => {
      queryClient.setQueryData(sharedQueryKeys.currentUser, user);
      // A click on a booking link counts as a meeting booked: the dashboard's count follows the list.
      if (profile.bookingUrls) await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboardStats });
      // A sequence's next send time falls in the sending window: the campaign list shows it.
      if (profile.sendingWindow) await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.campaigns });
    },
  });
}
