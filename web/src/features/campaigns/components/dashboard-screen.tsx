import type { User } from '@contract/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { handedRecipients } from '@/lib/recipient-handoff';
import { useCampaigns } from '../api/get-campaigns';
import { getMatchingLeadIds } from '../api/get-matching-lead-ids';
import { useRecipients } from '../api/get-recipients';
import { useSendMassEmail } from '../api/send-mass-email';
import { loadDashboardDraft, saveDashboardDraft } from '../lib/dashboard-draft';
import { nextAfterLastSelected } from '../lib/recipient-selection';
import { sequenceRequest } from '../lib/sequence-draft';
import { CampaignConfigCard } from './campaign-config-card';
import { CampaignProgressCard } from './campaign-progress-card';
import { CampaignsListCard } from './campaigns-list-card';
import { ReadyToSendCard } from './ready-to-send-card';
import { RecipientsCard } from './recipients-card';
import { StockTipFooterPreview } from './stock-tip-footer-preview';
import { SubscriptionBanner } from './subscription-banner';

/**
 * docs/product.md §2 Mass Email Campaign (/): configure, pick recipients, send, and follow the campaign. `followups` is the
 * follow-ups panel, composed in by the route since features do not import each other.
 */
export function DashboardScreen({ user, followups }: { user: User; followups?: ReactNode }) {
  // What was set up and not sent yet comes back after a visit to another screen (dashboard-draft.ts).
  const [draft] = useState(loadDashboardDraft);
  const [accountId, setAccountId] = useState(draft.accountId);
  const [templateId, setTemplateId] = useState(draft.templateId);
  const [trackingEnabled, setTrackingEnabled] = useState(draft.trackingEnabled);
  const [sequence, setSequence] = useState(draft.sequence);
  const [filter, setFilter] = useState(draft.filter);
  // Starts with the leads the Leads screen handed over ("Use as recipients"), if it did, else the kept ones.
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => {
    const handed = handedRecipients();
    return handed.size > 0 ? handed : new Set(draft.selected);
  });
  useEffect(() => {
    saveDashboardDraft({ accountId, templateId, trackingEnabled, sequence, filter, selected: [...selected] });
  }, [accountId, templateId, trackingEnabled, sequence, filter, selected]);
  const [shownCampaign, setShownCampaign] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const recipients = useRecipients(filter);
  const campaigns = useCampaigns();
  const send = useSendMassEmail();
  const leads = useMemo(() => recipients.data?.pages.flat() ?? [], [recipients.data]);

  // The campaign whose progress shows: the one just started or picked, else one still going on.
  const ongoing = campaigns.data?.find((item) => item.status === 'running' || item.status === 'paused')?.id ?? null;
  const activeCampaign = shownCampaign ?? (ongoing !== dismissed ? ongoing : null);

  // The progress card shows at the top while the user is down at Send: the campaign just started is brought into view.
  const progressCard = useRef<HTMLDivElement>(null);
  const [justStarted, setJustStarted] = useState<number | null>(null);
  useEffect(() => {
    if (justStarted === null || activeCampaign !== justStarted) return;
    progressCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    setJustStarted(null);
  }, [justStarted, activeCampaign]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const quickSelect = async (count: number) => {
    setSelecting(true);
    try {
      let list = leads;
      let adding = nextAfterLastSelected(
        list.map((lead) => lead.id),
        selected,
        count,
      );
      // Load further pages while the list runs out before `count` leads.
      let page = recipients;
      while (adding.length < count && page.hasNextPage) {
        page = await page.fetchNextPage();
        list = page.data?.pages.flat() ?? list;
        adding = nextAfterLastSelected(
          list.map((lead) => lead.id),
          selected,
          count,
        );
      }
      setSelected(new Set([...selected, ...adding]));
    } finally {
      setSelecting(false);
    }
  };

  const selectAllMatching = async () => {
    setSelecting(true);
    try {
      const matching = await getMatchingLeadIds(filter);
      setSelected(new Set(matching.ids));
      if (matching.total > matching.ids.length) {
        toast({
          title: 'Selection capped',
          description: `${matching.ids.length.toLocaleString('en-US')} of ${matching.total.toLocaleString('en-US')} matching leads selected: one campaign takes at most that many.`,
        });
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to select leads'),
        variant: 'destructive',
      });
    } finally {
      setSelecting(false);
    }
  };

  const onSend = async () => {
    try {
      const started = await send.mutateAsync({
        accountId: Number(accountId),
        templateId: Number(templateId),
        leadIds: [...selected],
        trackingEnabled,
        sequence: sequenceRequest(Number(templateId), sequence),
      });
      toast({ title: 'Success', description: started.message });
      setSelected(new Set());
      setShownCampaign(started.campaignId);
      setJustStarted(started.campaignId);
    } catch (error) {
      toast({
        title: 'Error',
        description: errorToastMessage(error, 'Failed to send mass email'),
        variant: 'destructive',
      });
    }
  };

  const loadMore = useCallback(() => void recipients.fetchNextPage(), [recipients.fetchNextPage]);

  return (
    <>
      <PageHeader
        title="Mass Email Campaign"
        description="Pick a mailbox, a template and your recipients, send the campaign, then follow up on the replies it brings in."
      />
      <div className="grid grid-cols-1 gap-6">
        <SubscriptionBanner user={user} />
        <ReadyToSendCard
          user={user}
          hasLeads={filter !== 'all' ? true : recipients.isPending ? undefined : leads.length > 0}
        />
        {activeCampaign !== null && (
          <div ref={progressCard} className="scroll-mt-20">
            <CampaignProgressCard
              key={activeCampaign}
              campaignId={activeCampaign}
              onDismiss={() => {
                setDismissed(activeCampaign);
                setShownCampaign(null);
              }}
            />
          </div>
        )}
        {followups}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <CampaignConfigCard
            accountId={accountId}
            templateId={templateId}
            recipientCount={selected.size}
            trackingEnabled={trackingEnabled}
            sequence={sequence}
            sending={send.isPending}
            onAccount={setAccountId}
            onTemplate={setTemplateId}
            onTracking={setTrackingEnabled}
            onSequence={setSequence}
            onSend={onSend}
          />
          <RecipientsCard
            leads={leads}
            loading={recipients.isPending}
            hasMore={recipients.hasNextPage}
            loadingMore={recipients.isFetchingNextPage}
            onLoadMore={loadMore}
            filter={filter}
            onFilter={setFilter}
            selected={selected}
            onToggle={toggle}
            onQuickSelect={(count) => void quickSelect(count)}
            onSelectAllMatching={() => void selectAllMatching()}
            onClear={() => setSelected(new Set())}
            busy={selecting}
          />
        </div>
        <StockTipFooterPreview />
        <CampaignsListCard onShow={setShownCampaign} />
      </div>
    </>
  );
}
