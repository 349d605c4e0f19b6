import type { CreateMeetingReceiverRequest, MeetingReceiver } from '@contract/meeting-receivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { meetingReceiversQueryKey } from './get-meeting-receivers';

/** POST /api/meeting-receivers: a receiver with its own URL, signed with the given secret or a new one. */
export async function createMeetingReceiver(request: CreateMeetingReceiverRequest): Promise<MeetingReceiver> {
  const response = await apiRequest('POST', '/api/meeting-receivers', request);
  return response.json();
}

export function useCreateMeetingReceiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMeetingReceiver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingReceiversQueryKey }),
  });
}
