import { isIP } from 'node:net';
import type { Provider } from '../../../contract/accounts';

/**
 * What a mailbox provider needs in its customers' DNS: the SPF mechanism that authorises it, an address it sends
 * from (to evaluate the domain's SPF as a receiver would), its DKIM selectors and how to set each up.
 */
export type SenderProfile = {
  name: string;
  spfMechanism: string;
  /** An address the provider's outgoing mail comes from; null when it could not be found (SMTP host not resolved). */
  probeAddress: string | null;
  dkimSelectors: string[];
  dkimAdvice: string;
  mxAdvice: string;
};

// Addresses in the published sending ranges: Gmail's 209.85.128.0/17 (_netblocks.google.com) and Microsoft 365's
// 40.107.0.0/16 (spf.protection.outlook.com). Evaluating the domain's SPF for them follows every include and
// redirect, as the receiving server does.
const GOOGLE_PROBE = '209.85.220.41';
const MICROSOFT_PROBE = '40.107.22.50';

/** Selectors many SMTP hosts and DNS control panels use; the account's own seen selectors come first. */
const COMMON_SELECTORS = ['default', 'dkim', 'mail', 's1', 's2', 'k1', 'selector1', 'selector2', 'google'];

export function senderProfile(
  provider: Provider,
  smtp: { host: string; address: string | null } | null,
): SenderProfile {
  if (provider === 'gmail') {
    return {
      name: 'Google',
      spfMechanism: 'include:_spf.google.com',
      probeAddress: GOOGLE_PROBE,
      dkimSelectors: ['google'],
      dkimAdvice:
        'Turn on DKIM in the Google Admin console (Apps › Google Workspace › Gmail › Authenticate email) and add the TXT record it shows at your DNS host.',
      mxAdvice: 'Add Google’s MX record at your DNS host: smtp.google.com with priority 1.',
    };
  }
  if (provider === 'outlook') {
    return {
      name: 'Microsoft 365',
      spfMechanism: 'include:spf.protection.outlook.com',
      probeAddress: MICROSOFT_PROBE,
      dkimSelectors: ['selector1', 'selector2'],
      dkimAdvice:
        'Turn on DKIM in the Microsoft Defender portal (Email authentication settings › DKIM) and add the two CNAME records it shows (selector1._domainkey and selector2._domainkey) at your DNS host.',
      mxAdvice:
        'Add the MX record the Microsoft 365 admin center shows for your domain (…mail.protection.outlook.com) at your DNS host.',
    };
  }
  const host = smtp?.host ?? 'your SMTP server';
  const family = isIP(host);
  return {
    name: host,
    spfMechanism: family === 0 ? `a:${host}` : `ip${family}:${host}`,
    probeAddress: smtp?.address ?? null,
    dkimSelectors: COMMON_SELECTORS,
    dkimAdvice: `Turn on DKIM signing at your mail provider (${host}) and add the TXT record it gives (selector._domainkey) at your DNS host.`,
    mxAdvice: 'Add the MX record your mail provider gives you at your DNS host, so replies and bounces reach you.',
  };
}
