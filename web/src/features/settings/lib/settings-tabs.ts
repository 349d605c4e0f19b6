/** The groups of the Settings screen, in the order its tabs show them; the first is where `/settings` opens. */
export const SETTINGS_TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'sending', label: 'Sending' },
  { value: 'mailbox-defaults', label: 'Mailbox defaults' },
  { value: 'billing', label: 'Billing' },
  { value: 'security', label: 'Security' },
  { value: 'api', label: 'API' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'meetings', label: 'Meetings' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

const isSettingsTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.some((tab) => tab.value === value);

/** The tab a `?tab=` address asks for; the first one when it names none or one that does not exist. */
export function settingsTabFromSearch(search: string): SettingsTab {
  const asked = new URLSearchParams(search).get('tab');
  return isSettingsTab(asked) ? asked : DEFAULT_SETTINGS_TAB;
}

/** The tab an address's `#hash` names (`/settings#webhooks`, the link in the mail about a turned-off endpoint). */
export function settingsTabFromHash(hash: string): SettingsTab | null {
  const named = hash.replace(/^#/, '');
  return isSettingsTab(named) ? named : null;
}

/** The address of a tab: plain `/settings` for the first, so links to Settings keep one address for it. */
export function settingsTabPath(tab: SettingsTab): string {
  return tab === DEFAULT_SETTINGS_TAB ? '/settings' : `/settings?tab=${tab}`;
}
