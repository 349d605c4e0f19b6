import { useState } from 'react';
import { addBookingLink } from './booking-links';

export type BookingLinksDraft = ReturnType<typeof useBookingLinksDraft>;

/** The booking links as edited before a save: the list, the link being typed, and why it was refused. */
export function useBookingLinksDraft(saved: readonly string[]) {
  const [links, setLinks] = useState<string[]>([...saved]);
  const [typed, setTypedLink] = useState('');
  const [error, setError] = useState<string>();

  /** Adds the typed link; answers the new list, or null when the link was refused. */
  const addTyped = (): string[] | null => {
    const added = addBookingLink(links, typed);
    if (typeof added === 'string') {
      setError(added);
      return null;
    }
    setLinks(added);
    setTypedLink('');
    setError(undefined);
    return added;
  };

  return {
    links,
    typed,
    error,
    addTyped,
    setLinks,
    setTyped: (value: string) => {
      setTypedLink(value);
      setError(undefined);
    },
    remove: (link: string) => setLinks(links.filter((other) => other !== link)),
    /** The list to save: a link typed but not yet added goes with the others; null when it was refused. */
    toSave: (): string[] | null => (typed.trim() ? addTyped() : links),
  };
}
