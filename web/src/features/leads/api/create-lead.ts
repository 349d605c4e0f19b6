import type { CreateLeadRequest, Lead } from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterLeadsAdded } from './refresh-lead-queries';

/** POST /api/leads: 201 with the lead; 409 when the email exists; 400 for an invalid email. */
export async function createLead(lead: CreateLeadRequest): Promise<Lead> {
  const response = await apiRequest('POST', '/api/leads', lead);
  return response.json();
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLead, onSuccess: () => refreshAfterLeadsAdded(queryClient) });
}
