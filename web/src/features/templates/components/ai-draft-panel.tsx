import { AI_PROVIDER_SETTINGS } from '@contract/ai';
import type { AiGenerateResponse } from '@contract/templates';
import { ChevronDown, CloudOff, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { SettingNames } from '@/components/setting-names';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useGenerateFromPrompt } from '../api/generate-from-prompt';
import { useAiStatus } from '../api/get-ai-status';

/**
 * Without an AI provider: that the built-in writer drafts meanwhile, and who can set one up. The settings' names are
 * the administrator's alone, after their label (docs/product.md §8).
 */
function OfflineWriterNote({ isAdmin }: { isAdmin: boolean }) {
  return (
    <p className="mt-3 flex gap-1.5 text-muted-foreground text-xs">
      <CloudOff className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        No AI provider is set up, so the built-in offline writer drafts for now.{' '}
        {isAdmin ? (
          <>
            Details for the administrator: set <SettingNames names={AI_PROVIDER_SETTINGS} /> in the server's environment
            (any OpenAI-compatible provider) and restart it.
          </>
        ) : (
          'Your administrator can set up an AI provider for better drafts.'
        )}
      </span>
    </p>
  );
}

/**
 * AI drafting from a description (docs/product.md §2, §5, §8): a success fills the subject and the body. It starts open for a
 * new template and folded for an existing one, where a draft would replace written work. Without a provider it says
 * so before the first draft; only an administrator (`isAdmin`) is shown the server settings that choose one.
 */
export function AiDraftPanel({
  defaultOpen,
  isAdmin,
  onGenerated,
}: {
  defaultOpen: boolean;
  isAdmin: boolean;
  onGenerated: (draft: Pick<AiGenerateResponse, 'subject' | 'body'>) => void;
}) {
  const generate = useGenerateFromPrompt();
  const status = useAiStatus();
  const [open, setOpen] = useState(defaultOpen);
  const [prompt, setPrompt] = useState('');
  const [writtenOffline, setWrittenOffline] = useState(false);

  const onGenerate = async () => {
    if (prompt.trim() === '') {
      toast({
        title: 'Prompt Required',
        description: 'Please enter a description for the AI to generate content.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const draft = await generate.mutateAsync({ prompt: prompt.trim() });
      onGenerated(draft);
      setWrittenOffline(draft.source === 'offline');
      toast({
        title: 'Content Generated',
        description: 'The subject and body have been filled in from your description.',
      });
    } catch (error) {
      toast({
        title: 'Generation Failed',
        description: errorToastMessage(error, 'Failed to generate content'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="ai-draft-title" className="rounded-lg border border-primary/20 bg-accent/40">
      <h3 id="ai-draft-title" className="font-semibold text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="ai-draft-content"
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-2 rounded-lg px-4 py-3 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          Draft with AI
          <ChevronDown
            className={cn('ml-auto size-4 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </h3>
      <div id="ai-draft-content" hidden={!open} className="px-4 pb-4">
        <Label htmlFor="template-ai-prompt" className="sr-only">
          Describe the email
        </Label>
        <Textarea
          id="template-ai-prompt"
          rows={3}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="Describe the email, e.g. a friendly note to local homeowners offering a free home valuation"
          className="resize-y bg-card"
        />
        {(status.data?.source === 'offline' || writtenOffline) && <OfflineWriterNote isAdmin={isAdmin} />}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-xs">Replaces the subject and body with a draft you can edit.</p>
          <Button type="button" size="sm" onClick={onGenerate} disabled={generate.isPending} className="ml-auto">
            {generate.isPending ? <Spinner className="size-4" /> : <Sparkles />}
            {generate.isPending ? 'Generating...' : 'Generate with AI'}
          </Button>
        </div>
      </div>
    </section>
  );
}
