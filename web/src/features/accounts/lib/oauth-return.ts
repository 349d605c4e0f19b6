export type OAuthReturnToast = { title: string; description: string; variant?: 'destructive' };

/**
 * The toast for a return from the provider's sign-in (docs/product.md §2, §8): `?connected=true` or `?error={message}`,
 * or null when the address carries neither. An error wins over a success.
 */
export function readOAuthReturn(search: string): OAuthReturnToast | null {
  const params = new URLSearchParams(search);
  // URLSearchParams decodes the value ("Denied%20by%20user" → "Denied by user").
  const error = params.get('error');
  if (error !== null) return { title: 'Connection Failed', description: error, variant: 'destructive' };
  if (params.get('connected') === 'true') {
    return { title: 'Account Connected', description: 'Your account has been connected successfully!' };
  }
  return null;
}
