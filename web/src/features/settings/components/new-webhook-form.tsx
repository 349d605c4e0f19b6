import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@contract/webhook-events';
import { MAX_WEBHOOK_URL_LENGTH, type WebhookEndpoint } from '@contract/webhooks';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { errorToastMessage } from '@/lib/api';
import { useCreateWebhook } from '../api/create-webhook';

/** The address of a new endpoint and the events it hears of; hands the saved endpoint (with its secret) on. */
export function NewWebhookForm({ onCreated }: { onCreated: (endpoint: WebhookEndpoint) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const allChosen = events.size === WEBHOOK_EVENT_TYPES.length;

  const toggle = (type: WebhookEventType, chosen: boolean) => {
    const next = new Set(events);
    if (chosen) next.add(type);
    else next.delete(type);
    setEvents(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === '') return setProblem('Enter the address of the endpoint, starting with https://');
    if (events.size === 0) return setProblem('Choose at least one event to send to it.');
    setProblem(null);
    try {
      // In the list's order, whatever order they were ticked in.
      const chosen = WEBHOOK_EVENT_TYPES.filter((type) => events.has(type));
      const created = await create.mutateAsync({ url: url.trim(), events: chosen });
      setUrl('');
      setEvents(new Set());
      onCreated(created);
    } catch (error) {
      setProblem(errorToastMessage(error, 'The endpoint could not be saved. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="new-webhook-title"
      className="grid gap-4 rounded-lg border p-4"
    >
      <h3 id="new-webhook-title" className="font-semibold text-sm">
        Add an endpoint
      </h3>
      <FormField
        id="webhook-url"
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/localreach"
        maxLength={MAX_WEBHOOK_URL_LENGTH}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Events to send</legend>
        <label className="flex items-center gap-2 font-medium text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allChosen}
            onChange={(event) => setEvents(new Set(event.target.checked ? WEBHOOK_EVENT_TYPES : []))}
          />
          Select all
        </label>
        <ul className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={events.has(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  aria-labelledby={`webhook-event-${type}`}
                  aria-describedby={`webhook-event-${type}-meaning`}
                />
                <span className="min-w-0">
                  <code id={`webhook-event-${type}`} className="font-medium">
                    {type}
                  </code>
                  <span id={`webhook-event-${type}-meaning`} className="block text-muted-foreground text-xs">
                    {WEBHOOK_EVENT_DESCRIPTIONS[type]}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem && (
        <p role="alert" className="text-red-700 text-sm">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Saving...' : 'Save Endpoint'}
      </Button>
    </form>
  );
}
