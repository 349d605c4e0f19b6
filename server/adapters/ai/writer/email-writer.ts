/** What a writer knows about the sender, from their profile. */
export type WriterProfile = {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  industry: string | null;
  service: string | null;
  preferredLocalClients: string | null;
};

export type EmailTone = 'professional' | 'friendly' | 'casual';

/**
 * How the user wants to sound, from their marketing strategy: its tone, and their "Additional Notes or Adjustments",
 * which are instructions to the writer (never text for the mail itself). Professional and no notes without one.
 */
export type WritingStyle = { tone: EmailTone; notes: string | null };

export type DraftRequest = WritingStyle & { prompt: string; profile: WriterProfile };

/** A draft: subject and body; the body may be HTML or plain text and is sanitised by the caller. */
export type Draft = { subject: string; body: string };

/** The one interface the app drafts emails through: an AI provider, or the built-in offline writer. */
export interface EmailWriter {
  readonly source: 'ai' | 'offline';
  draft(request: DraftRequest): Promise<Draft>;
}
