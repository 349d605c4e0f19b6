import { emptySequenceDraft, type SequenceDraft } from './sequence-draft';

/**
 * What the user has set up on the dashboard and not sent yet: kept for the browser tab's session, so that going to
 * Settings (to add a postal address, say) and back keeps the mailbox, template, recipients and sequence chosen.
 */
export type DashboardDraft = {
  accountId: string;
  templateId: string;
  trackingEnabled: boolean;
  sequence: SequenceDraft;
  filter: string;
  selected: number[];
};

const DRAFT_KEY = 'localreach.dashboardDraft';

export const emptyDashboardDraft: DashboardDraft = {
  accountId: '',
  templateId: '',
  trackingEnabled: true,
  sequence: emptySequenceDraft,
  filter: 'all',
  selected: [],
};

/** The draft kept for this tab, or an empty one (nothing kept, or something unreadable). */
export function loadDashboardDraft(storage: Pick<Storage, 'getItem'> = sessionStorage): DashboardDraft {
  try {
    const kept: unknown = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null');
    if (!kept || typeof kept !== 'object') return emptyDashboardDraft;
    const draft = { ...emptyDashboardDraft, ...(kept as Partial<DashboardDraft>) };
    return {
      ...draft,
      selected: Array.isArray(draft.selected) ? draft.selected.filter((id) => Number.isInteger(id)) : [],
    };
  } catch {
    return emptyDashboardDraft;
  }
}

export function saveDashboardDraft(draft: DashboardDraft, storage: Pick<Storage, 'setItem'> = sessionStorage) {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft on the next visit.
  }
}
