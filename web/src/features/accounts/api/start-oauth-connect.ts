import { authUrlResponseSchema } from '@contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { OAuthProvider } from '../lib/oauth-providers';

/**
 * GET /api/{outlook|gmail}/connect: the provider's sign-in address. Resolves to null when the answer carries none
 * (docs/product.md §8 treats that as a failure to start). 400 with a message when the provider is not configured.
 */
export async function startOAuthConnect(provider: OAuthProvider): Promise<string | null> {
  const response = await apiRequest('GET', `/api/${provider}/connect`);
  const parsed = authUrlResponseSchema.safeParse(await response.json());
  return parsed.success && parsed.data.authUrl ? parsed.data.authUrl : null;
}

export function useStartOAuthConnect() {
  return useMutation({ mutationFn: startOAuthConnect });
}
