import type { ResponsePriority, ThreadMessage } from '../../../../contract/responses';
import { type AiConfig, hasAiProvider, loadedOnFirstUse, openAiOptionsOf } from '../ai-provider';
import type { WriterProfile, WritingStyle } from '../writer/email-writer';
import { OfflineReplySuggester } from './offline-reply-suggester';

/** What a suggester knows when it drafts an answer to a prospect's reply. */
export type ReplySuggestionRequest = WritingStyle & {
  priority: ResponsePriority;
  subject: string;
  /** What the prospect wrote, quoted history stripped. */
  prospectText: string;
  prospect: { firstName: string | null; company: string | null };
  /** The conversation so far, oldest first, the prospect's reply last. */
  thread: Pick<ThreadMessage, 'direction' | 'subject' | 'body' | 'at'>[];
  profile: WriterProfile;
  /** The sender's now and zone, from which proposed times and dates are counted. */
  now: Date;
  timeZone: string;
};

/** Drafts the plain-text answer to a prospect's reply; the user edits it, and it is never sent by itself. */
export interface ReplySuggester {
  readonly source: 'ai' | 'offline';
  suggest(request: ReplySuggestionRequest): Promise<string>;
}

/** The configured suggester: the AI provider when one is set (its SDK loaded on first use), else the offline one. */
export function createReplySuggester(config: AiConfig): ReplySuggester {
  if (!hasAiProvider(config)) return new OfflineReplySuggester();
  const suggester = loadedOnFirstUse(
    async () => new (await import('./openai-reply-suggester')).OpenAiReplySuggester(openAiOptionsOf(config)),
  );
  return { source: 'ai', suggest: async (request) => (await suggester()).suggest(request) };
}
