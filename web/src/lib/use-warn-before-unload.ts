import { useEffect } from 'react';

/**
 * While `active`, closing or reloading the tab asks first with the browser's own "Leave site?" question (a page
 * cannot word it, nor show its own dialog there).
 */
export function useWarnBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
