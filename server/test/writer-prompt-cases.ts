import type { EmailTone, WriterProfile } from '../adapters/ai/writer/email-writer';
import type { DesiredAction } from '../adapters/ai/writer/prompt-words';

/**
 * The fixed set of prompts the offline writer is held to: what users of each of the product's industries
 * ask for, with what each draft must have. offline-writer.test.ts checks every one, and the qualities every draft
 * shares (capitals, one call to action, no pasted prompt, no cut phrase, length).
 */

export type Industry = 'real estate' | 'insurance' | 'finance' | 'home services' | 'healthcare';

export const PROFILES: Record<Industry, WriterProfile> = {
  'real estate': {
    firstName: 'Maya',
    lastName: 'Chen',
    companyName: 'Chen Home Group',
    industry: 'Real Estate',
    service: 'Home buying and selling',
    preferredLocalClients: 'Families and first-time buyers in Austin',
  },
  insurance: {
    firstName: 'Marcus',
    lastName: 'Lee',
    companyName: 'Harbor Insurance Group',
    industry: 'Insurance',
    service: 'Home and auto insurance',
    preferredLocalClients: 'Families and small businesses in Tampa',
  },
  finance: {
    firstName: 'Priya',
    lastName: 'Shah',
    companyName: 'Shah Financial Planning',
    industry: 'Finance',
    service: 'Financial planning and mortgages',
    preferredLocalClients: 'Families, retirees and business owners in Naples',
  },
  'home services': {
    firstName: 'Tom',
    lastName: 'Becker',
    companyName: 'Becker Home Services',
    industry: 'Home services',
    service: 'Roofing, plumbing & HVAC',
    preferredLocalClients: 'Homeowners in Boise',
  },
  healthcare: {
    firstName: 'Ana',
    lastName: 'Ruiz',
    companyName: 'Northside Family Clinic',
    industry: 'Healthcare',
    service: 'Family medicine',
    preferredLocalClients: 'Families and seniors in Austin',
  },
};

export type PromptCase = {
  industry: Industry;
  prompt: string;
  /** The tone of the user's strategy (professional without one); the prompt's own tone words win over it. */
  strategyTone?: EmailTone;
  expect: {
    tone: EmailTone;
    /** Words the subject must mention (any case): the offer or the topic, and when it is for where it fits. */
    subject: string[];
    /** What the opening paragraph must say, exactly cased: the season, the area, the audience. */
    opening: string[];
    /** The offer (or topic) as the body must give it, whole and cased mid-sentence. */
    offer: string;
    /** Anything else the body must say (a topic beside the offer, a reminder). */
    body?: string[];
    /** What the one call to action asks for. */
    action: DesiredAction;
    short?: boolean;
    /** Capitalised words the prompt names (places, days), allowed mid-sentence besides the profile's. */
    properNouns?: string[];
  };
};

export const PROMPT_CASES: PromptCase[] = [
  // Real estate
  {
    industry: 'real estate',
    prompt:
      'a friendly note to families in Austin who might sell their home this spring, offering a free home valuation',
    expect: {
      tone: 'friendly',
      subject: ['free home valuation', 'spring'],
      opening: ['spring', 'Austin', 'families who might sell their home'],
      offer: 'a free home valuation',
      action: 'book',
    },
  },
  {
    industry: 'real estate',
    prompt: 'Write an email inviting first-time buyers to our spring open house',
    expect: {
      tone: 'professional',
      subject: ['spring open house'],
      opening: ['spring', 'first-time buyers'],
      offer: 'our spring open house',
      action: 'visit',
    },
  },
  {
    industry: 'real estate',
    prompt: 'Invite homeowners in Maple Grove to our open house on Saturday',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['open house', 'Saturday'],
      opening: ['homeowners in Maple Grove'],
      offer: 'our open house on Saturday',
      action: 'visit',
      properNouns: ['Maple', 'Grove', 'Saturday'],
    },
  },
  {
    industry: 'real estate',
    prompt: 'short email to landlords in Denver about our property management service, ask them to book a call',
    expect: {
      tone: 'professional',
      subject: ['property management service'],
      opening: ['landlords in Denver'],
      offer: 'our property management service',
      action: 'book',
      short: true,
      properNouns: ['Denver'],
    },
  },
  {
    industry: 'real estate',
    prompt: 'Offer a free home valuation this month',
    strategyTone: 'casual',
    expect: {
      tone: 'casual',
      subject: ['free home valuation', 'this month'],
      opening: [],
      offer: 'a free home valuation this month',
      action: 'book',
    },
  },
  {
    industry: 'real estate',
    prompt: 'families in austin thinking about selling this summer, free market report',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['free market report'],
      opening: ['summer', 'Austin', 'families thinking about selling'],
      offer: 'a free market report',
      action: 'reply',
    },
  },
  // Insurance
  {
    industry: 'insurance',
    prompt: 'Remind small business owners in Tampa that hurricane season is coming and offer a free policy review',
    expect: {
      tone: 'professional',
      subject: ['free policy review'],
      opening: ['small business owners in Tampa', 'hurricane season is coming'],
      offer: 'a free policy review',
      action: 'book',
    },
  },
  {
    industry: 'insurance',
    prompt: 'formal email to families about life insurance, offering a free quote',
    strategyTone: 'casual',
    expect: {
      tone: 'professional',
      subject: ['life insurance', 'free quote'],
      opening: ['families'],
      offer: 'a free quote',
      body: ['life insurance'],
      action: 'reply',
    },
  },
  {
    industry: 'insurance',
    prompt: 'Tell new homeowners in Phoenix about bundling home and auto insurance to save money',
    expect: {
      tone: 'professional',
      subject: ['bundling home and auto insurance'],
      opening: ['new homeowners in Phoenix'],
      offer: 'bundling home and auto insurance to save money',
      action: 'call',
      properNouns: ['Phoenix'],
    },
  },
  {
    industry: 'insurance',
    prompt: 'Remind drivers in Orlando to renew their auto policy before it lapses, ask them to call us',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['renew your auto policy'],
      opening: ['drivers in Orlando', 'renew your auto policy before it lapses'],
      offer: 'renew your auto policy before it lapses',
      action: 'call',
      properNouns: ['Orlando'],
    },
  },
  {
    industry: 'insurance',
    prompt: 'a casual email to renters in Tampa offering renters insurance from $12 a month',
    expect: {
      tone: 'casual',
      subject: ['renters insurance'],
      opening: ['renters in Tampa'],
      offer: 'renters insurance from $12 a month',
      action: 'reply',
    },
  },
  // Finance
  {
    industry: 'finance',
    prompt: 'Announce our new mortgage pre-approval service',
    expect: {
      tone: 'professional',
      subject: ['mortgage pre-approval service'],
      opening: [],
      offer: 'our new mortgage pre-approval service',
      action: 'call',
    },
  },
  {
    industry: 'finance',
    prompt: 'short email to small business owners in Chicago before tax season offering a free tax review',
    expect: {
      tone: 'professional',
      subject: ['free tax review', 'tax season'],
      opening: ['tax season', 'Chicago', 'small business owners'],
      offer: 'a free tax review',
      action: 'book',
      short: true,
    },
  },
  {
    industry: 'finance',
    prompt: 'invite retirees in Naples to a free retirement planning seminar next month',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['retirement planning seminar', 'next month'],
      opening: ['retirees in Naples'],
      offer: 'our free retirement planning seminar next month',
      action: 'visit',
    },
  },
  {
    industry: 'finance',
    prompt: 'professional email to doctors and dentists about wealth management, ask them to reply for a consultation',
    strategyTone: 'casual',
    expect: {
      tone: 'professional',
      subject: ['wealth management'],
      opening: ['doctors and dentists'],
      offer: 'wealth management',
      action: 'reply',
    },
  },
  {
    industry: 'finance',
    prompt: 'help young families in Portland start saving for college with a free 529 plan review',
    expect: {
      tone: 'professional',
      subject: ['529 plan review'],
      opening: ['young families in Portland'],
      offer: 'a free 529 plan review',
      action: 'book',
      properNouns: ['Portland'],
    },
  },
  // Home services
  {
    industry: 'home services',
    prompt: 'Invite homeowners in Boise to a free roof check before the winter storms',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['free roof check', 'winter'],
      opening: ['winter', 'Boise', 'homeowners'],
      offer: 'a free roof check',
      action: 'book',
    },
  },
  {
    industry: 'home services',
    prompt: 'a casual note to homeowners in Boise offering 15% off gutter cleaning before winter',
    expect: {
      tone: 'casual',
      subject: ['15% off gutter cleaning', 'before winter'],
      opening: ['winter', 'Boise', 'homeowners'],
      offer: '15% off gutter cleaning',
      action: 'book',
    },
  },
  {
    industry: 'home services',
    prompt: 'tell property managers in Dallas about our 24/7 emergency plumbing service, ask them to call us',
    expect: {
      tone: 'professional',
      subject: ['24/7 emergency plumbing service'],
      opening: ['property managers in Dallas'],
      offer: 'our 24/7 emergency plumbing service',
      action: 'call',
      properNouns: ['Dallas'],
    },
  },
  {
    industry: 'home services',
    prompt: 'Spring AC tune-up special for homeowners in Houston, book online',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['AC tune-up special'],
      opening: ['spring', 'Houston', 'homeowners'],
      offer: 'our spring AC tune-up special',
      action: 'book',
    },
  },
  {
    industry: 'home services',
    prompt: 'Let landlords in Phoenix know we now offer same-day pest control, keep it brief',
    expect: {
      tone: 'professional',
      subject: ['same-day pest control'],
      opening: ['landlords in Phoenix', 'we now offer same-day pest control'],
      offer: 'same-day pest control',
      action: 'call',
      short: true,
    },
  },
  // Healthcare
  {
    industry: 'healthcare',
    prompt: 'remind parents in Austin to book back-to-school checkups in August',
    strategyTone: 'friendly',
    expect: {
      tone: 'friendly',
      subject: ['back-to-school checkups', 'August'],
      opening: ['August', 'Austin', 'parents'],
      offer: 'back-to-school checkups',
      action: 'book',
    },
  },
  {
    industry: 'healthcare',
    prompt:
      'a friendly email to seniors in Scottsdale about our new physical therapy clinic, offering a free first assessment',
    expect: {
      tone: 'friendly',
      subject: ['free first assessment'],
      opening: ['seniors in Scottsdale'],
      offer: 'a free first assessment',
      body: ['our new physical therapy clinic'],
      action: 'book',
      properNouns: ['Scottsdale'],
    },
  },
  {
    industry: 'healthcare',
    prompt: 'flu shots for employees of local companies this October, ask HR managers to reply',
    expect: {
      tone: 'professional',
      subject: ['flu shots', 'October'],
      opening: ['October', 'HR managers'],
      offer: 'flu shots',
      action: 'reply',
    },
  },
  {
    industry: 'healthcare',
    prompt: 'introduce our telehealth appointments to busy professionals in NYC',
    strategyTone: 'casual',
    expect: {
      tone: 'casual',
      subject: ['telehealth appointments'],
      opening: ['busy professionals in NYC'],
      offer: 'our telehealth appointments',
      action: 'book',
    },
  },
  {
    industry: 'healthcare',
    prompt: 'Write a warm welcome email to new patients in Cedar Park offering a free health screening',
    expect: {
      tone: 'friendly',
      subject: ['free health screening'],
      opening: ['new patients in Cedar Park'],
      offer: 'a free health screening',
      action: 'book',
      properNouns: ['Cedar', 'Park'],
    },
  },
];
