/** An email found for a business on its website. */
export type FoundEmail = {
  email: string;
  /** The page's URL it was found on. */
  source: string;
  /** Its domain has MX records: true, false, or null when that could not be checked (DNS unreachable). */
  verified: boolean | null;
};

/** Looks for a business's contact email on its website (home, contact, about, impressum, team pages). */
export interface EmailFinder {
  find(website: string, signal?: AbortSignal): Promise<FoundEmail | null>;
}
