import type { StrategyRecommendation } from '../../../../contract/strategy';
import type { EmailTone, WriterProfile } from '../writer/email-writer';
import type { StrategyWriter } from './strategy-writer';

/** How outreach usually works in a kind of business: its pace, its voice, who decides, and what a follow-up brings. */
type IndustryPlaybook = {
  emailsPerWeek: number;
  tone: EmailTone;
  /** Who among the clients to write to first, as a phrase after "Focus on". */
  focus: string;
  /** What those people care about, as a phrase after "they care about". */
  cares: string;
  /** What each follow-up brings, in order. */
  followUps: string[];
  /** Whether follow-ups answer in the thread (short, personal trades) or start fresh (news, offers, events). */
  sameThread: boolean;
};

/** Matched against the industry (then the service) in this order; the first match wins. */
const PLAYBOOKS: { match: RegExp; playbook: IndustryPlaybook }[] = [
  {
    match: /real ?estate|realt|propert|homes?\b|broker/i,
    playbook: {
      emailsPerWeek: 3,
      tone: 'friendly',
      focus: 'people planning a move in the next six to twelve months, and owners whose listings have expired',
      cares: 'local prices, timing and a trusted guide through the paperwork',
      followUps: [
        'a short local market update',
        'a recent sale nearby and what it means for them',
        'an open house or free valuation offer',
      ],
      sameThread: true,
    },
  },
  {
    match: /insur/i,
    playbook: {
      emailsPerWeek: 2,
      tone: 'professional',
      focus: 'households and owners whose policies renew in the coming months',
      cares: 'being properly covered without overpaying, and a person to call when something happens',
      followUps: [
        'a free coverage review offer',
        'one common gap in cover and how to close it',
        'a reminder before renewal season',
      ],
      sameThread: true,
    },
  },
  {
    match: /financ|mortgage|lend|bank|account|tax|wealth|invest|bookkeep/i,
    playbook: {
      emailsPerWeek: 2,
      tone: 'professional',
      focus: 'owners and families facing a decision soon: a purchase, a tax deadline, a plan to review',
      cares: 'clear numbers, discretion and advice they can act on',
      followUps: [
        'a short checklist for the next deadline',
        'a worked example with real figures',
        'an invitation to a 20-minute review',
      ],
      sameThread: true,
    },
  },
  {
    match: /law|legal|attorney|notar/i,
    playbook: {
      emailsPerWeek: 2,
      tone: 'professional',
      focus: 'people and businesses at a moment that needs advice: a contract, a dispute, a succession',
      cares: 'certainty, confidentiality and knowing the cost up front',
      followUps: ['a plain-language answer to a question clients often ask', 'a fixed-fee first consultation offer'],
      sameThread: true,
    },
  },
  {
    match: /dent|medic|health|clinic|therap|chiro|physio|wellness|vet/i,
    playbook: {
      emailsPerWeek: 2,
      tone: 'friendly',
      focus: 'families and workplaces near your practice, and patients who have not booked in a while',
      cares: 'easy booking, short waits and a practitioner they trust',
      followUps: ['a seasonal check-up reminder', 'new opening hours or an easy way to book'],
      sameThread: false,
    },
  },
  {
    match: /roof|plumb|hvac|heat|electric|construct|contract|remodel|landscap|clean|paint|pest|handyman|solar/i,
    playbook: {
      emailsPerWeek: 4,
      tone: 'friendly',
      focus: 'homeowners and property managers in the neighbourhoods you already work in',
      cares: 'fair quotes, turning up on time and work that lasts',
      followUps: [
        'a before-and-after from a job nearby',
        'a seasonal maintenance tip',
        'a free inspection or quote offer',
      ],
      sameThread: true,
    },
  },
  {
    match: /restaurant|cafe|café|food|cater|bakery|bar\b|hospitality|hotel|event/i,
    playbook: {
      emailsPerWeek: 3,
      tone: 'casual',
      focus: 'offices, event planners and regulars within a short drive',
      cares: 'good food, reliable delivery and something new to try',
      followUps: ['this month\u2019s menu or event', 'a group or catering offer', 'a tasting invitation'],
      sameThread: false,
    },
  },
  {
    match: /fitness|gym|yoga|sport|salon|spa|beauty|barber/i,
    playbook: {
      emailsPerWeek: 3,
      tone: 'casual',
      focus: 'people living or working nearby, and local employers looking after their staff',
      cares: 'convenience, results and a friendly place to come back to',
      followUps: ['a free first visit', 'a member\u2019s story', 'a limited-time class or package'],
      sameThread: false,
    },
  },
  {
    match: /market|advertis|agency|consult|software|\bit\b|tech|web|design|recruit|staffing/i,
    playbook: {
      emailsPerWeek: 3,
      tone: 'professional',
      focus: 'owners and managers of growing local businesses who make the buying decision themselves',
      cares: 'more customers or saved time, proven on businesses like theirs',
      followUps: [
        'a short case study from a local client',
        'one idea they can use this week',
        'a 15-minute call offer',
      ],
      sameThread: true,
    },
  },
];

const GENERAL: IndustryPlaybook = {
  emailsPerWeek: 3,
  tone: 'professional',
  focus: 'the decision makers among them closest to you',
  cares: 'a dependable local partner who understands their needs',
  followUps: ['a short example of a recent result', 'a useful tip for their business', 'a simple offer to talk'],
  sameThread: true,
};

/** The clients sound like businesses (rather than households): outreach then stays on weekdays' business terms. */
const BUSINESS_CLIENTS = /business|compan|firm|office|owner|manager|store|shop|restaurant|practice|agenc|b2b/i;

/**
 * The built-in strategy writer used when no AI provider is configured. It picks the playbook of the user's industry
 * (pace, voice, who to focus on, what follow-ups bring) and writes it out for their company, service and preferred
 * local clients, with sensible words where a field is empty. Deterministic and offline.
 */
export class OfflineStrategyWriter implements StrategyWriter {
  readonly source = 'offline' as const;

  async write(profile: WriterProfile): Promise<StrategyRecommendation> {
    const industry = profile.industry?.trim() ?? '';
    const service = lowerFirst(profile.service?.trim() || 'your services');
    const clients = profile.preferredLocalClients?.trim() || 'local clients';
    const company = profile.companyName?.trim() || 'your business';
    const playbook =
      PLAYBOOKS.find(({ match }) => match.test(industry))?.playbook ??
      PLAYBOOKS.find(({ match }) => match.test(service))?.playbook ??
      GENERAL;
    // Businesses read mail at work and weigh offers: a calmer voice than households get.
    const tone = BUSINESS_CLIENTS.test(clients) && playbook.tone === 'casual' ? 'friendly' : playbook.tone;
    const touches = playbook.emailsPerWeek;
    const sector = industry && !/\blocal\b/i.test(industry) ? `${industry.toLowerCase()} ` : '';

    const recommendedTargetAudience = [
      `${capitalize(clients)} who may need ${service} from ${company}.`,
      `Focus on ${playbook.focus}; they care about ${playbook.cares}.`,
      `Write to one person by name, and say why a local ${sector}business is the right choice for them.`,
    ].join(' ');

    const steps = playbook.followUps.slice(0, touches - 1);
    const thread = playbook.sameThread
      ? 'each as a short reply in the same thread'
      : 'each as a new email with its own subject';
    const recommendedFollowupStrategy = [
      `Start with a first email introducing ${service} at ${company}, then follow up once a week, ${thread}:`,
      `${steps.map((step, index) => `the ${ordinal(index + 2)} brings ${step}`).join('; ')}.`,
      `That makes ${touches} touches per lead over ${touches} weeks.`,
      'Stop as soon as someone replies, answer interested replies within a day, and give those who say',
      '"not now" a date to hear from you again.',
    ].join(' ');

    return {
      recommendedEmailsPerWeek: touches,
      recommendedTargetAudience,
      recommendedTone: tone,
      recommendedFollowupStrategy,
    };
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const ordinal = (position: number) => ORDINALS[position - 1] ?? `${position}th`;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "Home sales" reads as "home sales" mid-sentence; "SEO audits" stays as it is. */
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
