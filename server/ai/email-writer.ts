/** What a writer knows about the sender, from their profile and (later) their marketing strategy. */
export type WriterProfile = {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  industry: string | null;
  service: string | null;
  preferredLocalClients: string | null;
};

export type EmailTone = 'professional' | 'friendly' | 'casual';

export type DraftRequest = { prompt: string; profile: WriterProfile; tone: EmailTone };

/** A draft: subject and body; the body may be HTML or plain text and is sanitised by the caller. */
export type Draft = { subject: string; body: string };

/** The one interface the app drafts emails through: an AI provider, or the built-in offline writer. */
export interface EmailWriter {
  readonly source: 'ai' | 'offline';
  draft(request: DraftRequest): Promise<Draft>;
}
