import { escapeHtml } from '../../contract/template-render';
import type { Draft, DraftRequest, EmailTone, EmailWriter } from './email-writer';

/**
 * The built-in writer used when no AI provider is configured. It composes a structured cold email from the
 * sender's profile and the prompt: the prompt's topic becomes the subject and the reason for writing, and the
 * prompt's words pick among phrasings, so different prompts give different drafts. Deterministic and offline.
 */
export class OfflineWriter implements EmailWriter {
  readonly source = 'offline' as const;

  async draft({ prompt, profile, tone }: DraftRequest): Promise<Draft> {
    const topic = topicOf(prompt);
    const pick = picker(prompt);
    const sender = profile.firstName?.trim() || 'I';
    const company = profile.companyName?.trim() || 'our team';
    const service = profile.service?.trim() || 'our services';
    const clients = profile.preferredLocalClients?.trim() || 'local businesses';
    const industry = profile.industry?.trim().toLowerCase() || 'local';
    const phrases = TONES[tone];

    const subject = pick([
      `${capitalize(topic)} for {company|your business}`,
      `Quick idea: ${topic}`,
      `{firstName|Hello}, about ${topic}`,
      `A local ${industry} idea: ${topic}`,
    ]);
    const introduction =
      sender === 'I'
        ? `I'm reaching out from ${company}, where we help ${clients} with ${service}.`
        : `I'm ${sender} from ${company}. We help ${clients} with ${service}.`;
    const body = [
      `${phrases.greeting} {firstName|there},`,
      introduction,
      pick([
        `I'm writing about ${topic}, and I think it could make a real difference for {company|your business}.`,
        `I wanted to share something about ${topic} that has worked well for others nearby.`,
        `Because we work with ${clients} in the area every week, ${topic} seemed worth a note.`,
      ]),
      pick(phrases.callToAction),
      `${phrases.signOff}<br>${escapeHtml(profile.firstName?.trim() || company)}<br>${escapeHtml(company)}`,
    ];
    return {
      subject: subject.slice(0, 150),
      // The sign-off (last) is already HTML; the rest is text.
      body: body.map((text, index) => `<p>${index === body.length - 1 ? text : escapeHtml(text)}</p>`).join(''),
    };
  }
}

/** How each tone greets, asks and signs off (the offline reply suggester signs off the same way). */
export const TONES: Record<EmailTone, { greeting: string; callToAction: string[]; signOff: string }> = {
  professional: {
    greeting: 'Dear',
    callToAction: [
      'Would you be open to a 15-minute call next week to see whether it fits?',
      'If it is of interest, I would be glad to walk you through it in a short call this week.',
    ],
    signOff: 'Best regards,',
  },
  friendly: {
    greeting: 'Hi',
    callToAction: [
      'Would you be up for a quick chat next week? I think you would like what we can do.',
      'If that sounds useful, just reply and we can find a time that suits you.',
    ],
    signOff: 'Warm wishes,',
  },
  casual: {
    greeting: 'Hey',
    callToAction: [
      'Worth a quick call? Just hit reply.',
      'Want me to send over a few details? A quick reply is all it takes.',
    ],
    signOff: 'Cheers,',
  },
};

// Leading instructions ("Write a short email inviting…") are about the email, not its topic.
const INSTRUCTION =
  /^(please\s+)?(write|draft|create|compose|generate|make)\s+(me\s+)?(an?\s+)?((short|brief|friendly|professional|casual|cold|follow[- ]up|quick)\s+)*(e-?mail|message|note|letter|outreach)?\s*(to|for|about|that|which|inviting|introducing|offering|announcing)?\s*/i;

function topicOf(prompt: string): string {
  const cleaned = prompt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(INSTRUCTION, '')
    .replace(/[.!?\s]+$/, '');
  const topic = cleaned.split(/[.!?]/)[0]?.trim() || 'working together';
  return topic.length > 90
    ? `${topic.slice(0, 87).replace(/\s+\S*$/, '')}…`
    : topic.charAt(0).toLowerCase() + topic.slice(1);
}

/** Chooses among options by the prompt's text, so a prompt always gives the same draft and others differ. */
function picker(prompt: string) {
  let hash = 0;
  for (const char of prompt.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  let round = 0;
  return <T>(options: T[]): T => options[(hash + round++ * 7) % options.length];
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
