import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { meetingReceiversQueryKey } from './get-meeting-receivers';

/** DELETE /api/meeting-receivers/{id}: deliveries to its URL are refused from now on. */
export async function removeMeetingReceiver(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/meeting-receivers/${id}`);
}

export function useRemoveMeetingReceiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMeetingReceiver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingReceiversQueryKey }),
  });
}
