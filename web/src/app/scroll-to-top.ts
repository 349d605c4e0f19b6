import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Every navigation to another page starts at its top, as a browser's own page loads do. */
export function useScrollToTopOnNavigation() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
