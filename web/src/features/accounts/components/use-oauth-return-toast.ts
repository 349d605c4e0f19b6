import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { readOAuthReturn } from '../lib/oauth-return';

/**
 * docs/product.md §2: on return from the provider's sign-in (`?connected=true` or `?error=…`), shows the matching toast and
 * resets the address to /accounts, so a reload does not show it again.
 */
export function useOAuthReturnToast() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // StrictMode runs effects twice on mount; the ref keeps the toast to one.
  const handledSearch = useRef<string | null>(null);

  useEffect(() => {
    const notice = readOAuthReturn(search);
    if (!notice || handledSearch.current === search) return;
    handledSearch.current = search;
    toast(notice);
    navigate('/accounts', { replace: true });
  }, [search, navigate]);
}
