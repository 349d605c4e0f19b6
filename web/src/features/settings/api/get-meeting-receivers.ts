import type { MeetingReceiver } from '@contract/meeting-receivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** GET /api/meeting-receivers: the user's Cal.com and Calendly receivers, newest first, with URL and secret. */
export async function getMeetingReceivers(): Promise<MeetingReceiver[]> {
  const response = await apiRequest('GET', '/api/meeting-receivers');
  return response.json();
}

export const meetingReceiversQueryKey = ['/api/meeting-receivers'] as const;

export const meetingReceiversQueryOptions = () =>
  queryOptions({ queryKey: meetingReceiversQueryKey, queryFn: getMeetingReceivers });

export function useMeetingReceivers() {
  return useQuery(meetingReceiversQueryOptions());
}
