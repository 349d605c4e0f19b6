import type { EmailAccount } from '@contract/accounts';
import { type AccountHealth, failingAuthentication } from '@contract/domain-health';
import { allowanceReasonWords, todayAllowance } from '@contract/send-allowance-today';
import { Send } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { MarkAsWarmButton } from '@/components/mark-as-warm-button';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useSendableTemplates, useSendingAccounts } from '../api/get-sending-options';
import { useSequenceDefaults } from '../api/get-strategy-defaults';
import { type SequenceDraft, sequenceProblem, sequenceSummary } from '../lib/sequence-draft';
import { defaultFollowUps, defaultsHint } from '../lib/strategy-sequence';
import { SequenceEditor } from './sequence-editor';

/** After an account's name in the select: the authentication checks its domain fails, if any. */
function authenticationNote(health: AccountHealth | null): string {
  const failing = failingAuthentication(health);
  return failing.length > 0 ? ` · ${failing.join(' and ')} failing` : '';
}

/** In the select, after today's "sent/limit": that the limit is the warm-up's, not the daily limit. */
function warmupNote(account: EmailAccount): string {
  const allowance = todayAllowance(account);
  return allowance.reason === 'warmup' ? `, warm-up day ${allowance.warmupDay}` : '';
}

/** Under the summary: what the mailbox may still send today and why, with warm-up one click from skipping. */
function MailboxAllowanceLine({ account }: { account: EmailAccount }) {
  const allowance = todayAllowance(account);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <p className="min-w-0 flex-1 text-muted-foreground text-xs [overflow-wrap:anywhere]">
        {`${account.email} can send ${allowance.left.toLocaleString('en-US')} more today (${allowanceReasonWords(allowance)}); `}
        the rest go out on the next days, and leads already mailed this week are skipped.
      </p>
      {allowance.reason === 'warmup' && <MarkAsWarmButton account={account} />}
    </div>
  );
}

/**
 * docs/product.md §2 Campaign Configuration: the mailbox, the Active template, a summary and Send Mass Email; beyond the product rules, a
 * switch for open and click tracking and one to send the campaign as a sequence of steps.
 */
export function CampaignConfigCard({
  accountId,
  templateId,
  recipientCount,
  trackingEnabled,
  sequence,
  sending,
  onAccount,
  onTemplate,
  onTracking,
  onSequence,
  onSend,
}: {
  accountId: string;
  templateId: string;
  recipientCount: number;
  trackingEnabled: boolean;
  sequence: SequenceDraft;
  sending: boolean;
  onAccount: (id: string) => void;
  onTemplate: (id: string) => void;
  onTracking: (enabled: boolean) => void;
  onSequence: (draft: SequenceDraft) => void;
  onSend: () => void;
}) {
  const accounts = useSendingAccounts();
  const templates = useSendableTemplates();
  const sequenceDefaults = useSequenceDefaults();
  const account = accounts.data?.find((item) => String(item.id) === accountId);
  const template = templates.data?.find((item) => String(item.id) === templateId);
  const ready = Boolean(account && template && recipientCount > 0 && !sequenceProblem(sequence));
  // With one mailbox, or one Active template, there is nothing to choose: it is chosen.
  const onlyAccount = accounts.data?.length === 1 ? String(accounts.data[0].id) : null;
  const onlyTemplate = templates.data?.length === 1 ? String(templates.data[0].id) : null;
  useEffect(() => {
    if (onlyAccount && !accountId) onAccount(onlyAccount);
  }, [onlyAccount, accountId, onAccount]);
  useEffect(() => {
    if (onlyTemplate && !templateId) onTemplate(onlyTemplate);
  }, [onlyTemplate, templateId, onTemplate]);

  // A sequence has at least two steps: turning it on brings the follow-ups the marketing strategy suggests.
  const toggleSequence = (enabled: boolean) =>
    onSequence({
      ...sequence,
      enabled,
      followUps:
        enabled && sequence.followUps.length === 0
          ? defaultFollowUps(templates.data ?? [], templateId, sequenceDefaults)
          : sequence.followUps,
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign Configuration</CardTitle>
        <CardDescription>Choose the mailbox to send from and the template to send.</CardDescription>
      </CardHeader>
      {/* minmax(0, 1fr) and a flex column: a long account label (its health note) truncates instead of widening the card. */}
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor="campaign-account">Email Account</Label>
          <OptionSelect
            id="campaign-account"
            value={accountId}
            onValueChange={onAccount}
            disabled={!accounts.data?.length}
            placeholder={accounts.isPending ? 'Loading...' : 'Select an email account'}
            options={(accounts.data ?? []).map((item) => ({
              value: String(item.id),
              label: `${item.email} (${item.sentToday}/${item.effectiveDailyLimit} today${warmupNote(item)})${authenticationNote(item.health)}`,
            }))}
          />
          {account && failingAuthentication(account.health).length > 0 && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm">
              {failingAuthentication(account.health).join(' and ')} fail for {account.health?.domain}: receivers may
              reject or junk this mailbox's emails.{' '}
              <Link href="/accounts" className="font-medium underline underline-offset-4">
                See what to fix
              </Link>
            </p>
          )}
          {accounts.data?.length === 0 && (
            <p className="text-muted-foreground text-sm">
              No mailbox yet.{' '}
              <Link href="/accounts" className="font-medium text-primary underline-offset-4 hover:underline">
                Connect an email account
              </Link>{' '}
              to send from.
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="campaign-template">Email Template</Label>
          <OptionSelect
            id="campaign-template"
            value={templateId}
            onValueChange={onTemplate}
            disabled={!templates.data?.length}
            placeholder={templates.isPending ? 'Loading...' : 'Select an email template'}
            options={(templates.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
          />
          {templates.data?.length === 0 && (
            <p className="text-muted-foreground text-sm">
              No Active template.{' '}
              <Link href="/templates" className="font-medium text-primary underline-offset-4 hover:underline">
                Set a template to Active
              </Link>{' '}
              to use it in campaigns.
            </p>
          )}
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="campaign-tracking">Track opens and clicks</Label>
            <p id="campaign-tracking-hint" className="text-muted-foreground text-xs">
              Adds an invisible image and sends links through this app to count them. Opens and clicks made
              automatically by email privacy features and link checkers are not counted.
            </p>
          </div>
          <Switch
            id="campaign-tracking"
            aria-describedby="campaign-tracking-hint"
            checked={trackingEnabled}
            onCheckedChange={onTracking}
          />
        </div>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="campaign-sequence">Send as a sequence</Label>
            <p id="campaign-sequence-hint" className="text-muted-foreground text-xs">
              Follow-up steps go to the leads who did not reply, weekly or monthly. {defaultsHint(sequenceDefaults)}
            </p>
          </div>
          <Switch
            id="campaign-sequence"
            aria-describedby="campaign-sequence-hint"
            checked={sequence.enabled}
            onCheckedChange={toggleSequence}
          />
        </div>
        {sequence.enabled && (
          <SequenceEditor
            draft={sequence}
            firstTemplate={template}
            templates={templates.data ?? []}
            onChange={onSequence}
          />
        )}
        <dl aria-label="Summary" className="grid grid-cols-1 gap-1 rounded-lg bg-muted/60 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Recipients</dt>
            <dd className="font-medium tabular-nums">{recipientCount.toLocaleString('en-US')}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">From</dt>
            <dd className="truncate font-medium">{account?.email ?? 'Not selected'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Template</dt>
            <dd className="truncate font-medium">{template?.name ?? 'Not selected'}</dd>
          </div>
          {sequence.enabled && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Sequence</dt>
              <dd className="truncate font-medium">{sequenceSummary(sequence)}</dd>
            </div>
          )}
          {account && <MailboxAllowanceLine account={account} />}
        </dl>
        <Button onClick={onSend} disabled={!ready || sending} size="lg">
          {sending ? <Spinner className="size-4" /> : <Send />}
          {sending ? 'Sending...' : 'Send Mass Email'}
        </Button>
      </CardContent>
    </Card>
  );
}
