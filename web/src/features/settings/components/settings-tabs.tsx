import type { User } from '@contract/auth';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  DEFAULT_SETTINGS_TAB,
  SETTINGS_TABS,
  type SettingsTab,
  settingsTabFromHash,
  settingsTabFromSearch,
  settingsTabPath,
} from '../lib/settings-tabs';
import { ApiKeysCard } from './api-keys-card';
import { MailboxDefaultsSettings } from './mailbox-defaults-settings';
import { MeetingReceiversCard } from './meeting-receivers-card';
import { PasswordCard } from './password-card';
import { ProfileSettings } from './profile-settings';
import { SendingSettings } from './sending-settings';
import { SessionsCard } from './sessions-card';
import { SubscriptionCard } from './subscription-card';
import { SupportLine } from './support-line';
import { WebhooksCard } from './webhooks-card';

/** The field an address's `#id` names (such as `/settings#postal-address`), and the tab it is on. */
function anchoredField(): { field: HTMLElement; tab: SettingsTab } | null {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const field = id ? document.getElementById(id) : null;
  const tab = field?.closest<HTMLElement>('[data-settings-tab]')?.dataset.settingsTab as SettingsTab | undefined;
  return field && tab ? { field, tab } : null;
}

/**
 * Settings in tabs, each saved by its own button; the tab is in the address (`?tab=sending`) so it can be linked
 * to and survives a reload. The first tab and the one the address names are built at once, any other when first opened
 * (the timezone list alone is hundreds of zones); then each stays mounted, so what is typed in one is kept while
 * another is open.
 */
export function SettingsTabs({ user }: { user: User }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = settingsTabFromSearch(search);
  const anchored = useRef<HTMLElement | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<SettingsTab>>(() => new Set([DEFAULT_SETTINGS_TAB, tab]));
  if (!opened.has(tab)) setOpened(new Set([...opened, tab]));

  const open = (next: SettingsTab) => navigate(settingsTabPath(next), { replace: true });

  // An address naming a field (`/settings#postal-address`) opens the tab it is on and puts the cursor in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the screen was opened with
  useEffect(() => {
    // An address naming a whole tab (`/settings#webhooks`) opens it.
    const named = settingsTabFromHash(window.location.hash);
    if (named) {
      navigate(settingsTabPath(named), { replace: true });
      return;
    }
    const target = anchoredField();
    if (!target) return;
    anchored.current = target.field;
    if (target.tab !== tab) navigate(`${settingsTabPath(target.tab)}${window.location.hash}`, { replace: true });
  }, []);

  useEffect(() => {
    const field = anchored.current;
    if (!field || field.closest<HTMLElement>('[data-settings-tab]')?.dataset.settingsTab !== tab) return;
    anchored.current = null;
    // After the layout's own scroll to the top of a newly opened page.
    const frame = requestAnimationFrame(() => {
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [tab]);

  const panel = (value: SettingsTab, content: ReactNode) => (
    <TabsContent value={value} forceMount data-settings-tab={value} className="grid gap-6">
      {opened.has(value) && content}
    </TabsContent>
  );

  return (
    <Tabs value={tab} onValueChange={(value) => open(value as SettingsTab)} className="grid gap-6">
      <TabsList aria-label="Settings" className="h-auto flex-wrap">
        {SETTINGS_TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value} className="h-8 flex-auto">
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {panel('profile', <ProfileSettings user={user} />)}
      {panel('sending', <SendingSettings user={user} />)}
      {panel('mailbox-defaults', <MailboxDefaultsSettings user={user} />)}
      {panel(
        'billing',
        <>
          <SubscriptionCard user={user} />
          <SupportLine />
        </>,
      )}
      {panel(
        'security',
        <>
          <PasswordCard />
          <SessionsCard />
        </>,
      )}
      {panel('api', <ApiKeysCard />)}
      {panel('webhooks', <WebhooksCard />)}
      {panel('meetings', <MeetingReceiversCard />)}
    </Tabs>
  );
}
