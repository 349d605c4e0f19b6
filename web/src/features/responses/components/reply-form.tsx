import { replySchema } from '@contract/responses';
import { Send, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useSuggestReply } from '../api/suggest-reply';

/**
 * The answer to a reply. "Suggest a reply" only fills the box; nothing leaves without the Send click (or
 * Ctrl/⌘+Enter). docs/product.md §5: Send is disabled while the box is empty, and an empty reply is refused in words.
 */
export function ReplyForm({
  responseId,
  sending,
  onSend,
}: {
  responseId: number;
  sending: boolean;
  onSend: (body: string) => Promise<boolean>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [offlineDraft, setOfflineDraft] = useState(false);
  const suggest = useSuggestReply();

  const submit = async () => {
    const parsed = replySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    if (await onSend(parsed.data.body)) {
      setBody('');
      setOfflineDraft(false);
    }
  };

  const draft = async () => {
    try {
      const suggestion = await suggest.mutateAsync(responseId);
      setBody(suggestion.body);
      setOfflineDraft(suggestion.offline);
      setError(null);
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorToastMessage(failure, 'Failed to suggest a reply'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-2"
      noValidate
    >
      <Label htmlFor={`${id}-reply`}>Your reply</Label>
      <Textarea
        id={`${id}-reply`}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          void submit();
        }}
        placeholder="Write your answer to the prospect..."
        rows={6}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      {offlineDraft && (
        <p className="text-muted-foreground text-xs">
          Drafted by the built-in writer, as no AI provider is configured. Read it through and edit it before sending.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={draft} disabled={suggest.isPending || sending}>
          <Sparkles />
          {suggest.isPending ? 'Drafting...' : 'Suggest a reply'}
        </Button>
        <Button type="submit" disabled={body.trim() === '' || sending}>
          <Send />
          {sending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
