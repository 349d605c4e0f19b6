import { describe, expect, it } from 'vitest';
import {
  defaultFollowUpTemplate,
  type FollowUpDraft,
  type SequenceDraft,
  sequenceProblem,
  sequenceRequest,
  sequenceSummary,
} from './sequence-draft';

// Created in this order; their weeks say otherwise.
const templates = [
  { id: 1, weekNumber: 3 },
  { id: 2, weekNumber: null },
  { id: 3, weekNumber: 1 },
  { id: 4, weekNumber: 2 },
];

const followUp = (fields: Partial<FollowUpDraft> = {}): FollowUpDraft => ({
  key: 0,
  templateId: '4',
  delayDays: '',
  sameThread: false,
  variants: [],
  condition: 'always',
  ...fields,
});

const draft = (fields: Partial<SequenceDraft> = {}): SequenceDraft => ({
  enabled: true,
  cadence: 'weekly',
  followUps: [followUp()],
  ...fields,
});

describe('default follow-up templates', () => {
  it('takes the next template by week number after the last step', () => {
    expect(defaultFollowUpTemplate(templates, ['3'])).toBe('4');
    expect(defaultFollowUpTemplate(templates, ['3', '4'])).toBe('1');
    // Templates without a week come last.
    expect(defaultFollowUpTemplate(templates, ['3', '4', '1'])).toBe('2');
  });

  it('goes back to an unused earlier template once the later ones are used, and to none when all are', () => {
    expect(defaultFollowUpTemplate(templates, ['1', '2'])).toBe('3');
    expect(defaultFollowUpTemplate(templates, ['1', '2', '3', '4'])).toBe('');
  });
});

describe('the send request', () => {
  it('has no sequence while the switch is off', () => {
    expect(sequenceRequest(3, draft({ enabled: false }))).toBeUndefined();
  });

  it('starts with the selected template and sends delays, variants and conditions only when given', () => {
    const variants = [{ subject: 'Quick question', body: 'Still looking?' }];
    expect(
      sequenceRequest(
        3,
        draft({
          cadence: 'monthly',
          followUps: [
            followUp(),
            followUp({ templateId: '1', delayDays: '10', sameThread: true, variants, condition: 'not_opened' }),
          ],
        }),
      ),
    ).toEqual({
      cadence: 'monthly',
      steps: [
        { templateId: 3 },
        { templateId: 4, sameThread: false },
        { templateId: 1, delayDays: 10, sameThread: true, variants, condition: 'not_opened' },
      ],
    });
  });
});

describe('what the form says about the sequence', () => {
  it('names what keeps it from being sent', () => {
    expect(sequenceProblem(draft({ enabled: false, followUps: [] }))).toBeNull();
    expect(sequenceProblem(draft())).toBeNull();
    expect(sequenceProblem(draft({ followUps: [] }))).toBe('Add a follow-up step, or turn the sequence off.');
    expect(sequenceProblem(draft({ followUps: [followUp({ templateId: '' })] }))).toBe(
      'Choose a template for every follow-up step.',
    );
    for (const delayDays of ['0', '2.5', '400', 'soon']) {
      expect(sequenceProblem(draft({ followUps: [followUp({ delayDays })] }))).toBe(
        'A delay is a whole number of days from 1 to 365.',
      );
    }
    expect(sequenceProblem(draft({ followUps: [followUp({ variants: [{ subject: 'Hi', body: ' ' }] })] }))).toBe(
      'Give every variant a subject and a body.',
    );
  });

  it('sums the steps up with the cadence default for delays left empty', () => {
    expect(sequenceSummary(draft({ followUps: [followUp(), followUp({ delayDays: '14' })] }))).toBe(
      '3 steps, weekly (7, 14 days apart)',
    );
    expect(sequenceSummary(draft({ cadence: 'monthly' }))).toBe('2 steps, monthly (30 days apart)');
  });
});
