import { useEffect } from 'react';

/** The browser tab's title for the page: "Leads · LocalReach"; the product name alone without a page name. */
export function usePageTitle(page: string | null) {
  useEffect(() => {
    document.title = page ? `${page} · LocalReach` : 'LocalReach';
  }, [page]);
}
