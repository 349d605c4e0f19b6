import { describe, expect, it } from 'vitest';
import { blockAnswer } from './block-answer';

const refused = (answer: string) => `The SMTP server refused the message: ${answer}`;
const deferred = (answer: string) => `The SMTP server is temporarily refusing mail: ${answer}`;

describe('blockAnswer', () => {
  it('recognises Gmail’s rate and reputation answers', () => {
    const rate =
      '421-4.7.28 [203.0.113.7      15] Our system has detected an unusual rate of\n421-4.7.28 unsolicited mail originating from your IP address. To protect our\n421 4.7.28 users from spam, mail sent from your IP address has been temporarily rate limited.';
    expect(blockAnswer(deferred(rate))).toMatch(/^421-4\.7\.28 \[203\.0\.113\.7 15\] Our system has detected/);
    const reputation =
      '550-5.7.1 [203.0.113.7] Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked.';
    expect(blockAnswer(refused(reputation))).toMatch(/^550-5\.7\.1 \[203\.0\.113\.7\] Our system/);
    const unusualRate =
      '421-4.7.0 [203.0.113.7] Our system has detected an unusual rate of unsolicited mail originating from your IP address.';
    expect(blockAnswer(deferred(unusualRate))).toMatch(/^421-4\.7\.0/);
  });

  it('recognises Microsoft’s and Yahoo’s blocks', () => {
    expect(
      blockAnswer(refused('550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.')),
    ).toBe('550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.');
    expect(
      blockAnswer(
        refused(
          "550 5.7.1 Unfortunately, messages from [203.0.113.7] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
        ),
      ),
    ).toMatch(/^550 5\.7\.1 Unfortunately/);
    expect(
      blockAnswer(
        deferred('451 4.7.650 The mail server [203.0.113.7] has been temporarily rate limited due to IP reputation.'),
      ),
    ).toMatch(/^451 4\.7\.650/);
    expect(
      blockAnswer(
        deferred(
          '421 4.7.0 [TSS04] Messages from 203.0.113.7 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1',
        ),
      ),
    ).toMatch(/^421 4\.7\.0 \[TSS04\]/);
    expect(
      blockAnswer(
        refused(
          "553 5.7.1 [BL21] Connections will not be accepted from 203.0.113.7, because the ip is in Spamhaus's list",
        ),
      ),
    ).toMatch(/^553 5\.7\.1 \[BL21\]/);
  });

  it('leaves alone refusals about one recipient, and greylisting', () => {
    expect(blockAnswer(refused('550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown'))).toBeNull();
    expect(blockAnswer(refused('552 5.2.2 The email account that you tried to reach is over quota.'))).toBeNull();
    expect(blockAnswer(deferred('451 4.7.1 Greylisting in action, please come back later'))).toBeNull();
    expect(
      blockAnswer(
        refused(
          '550 5.7.133 RESOLVER.RST.SenderNotAuthenticatedForGroup; authentication required; Delivery restriction check failed as sender not authenticated',
        ),
      ),
    ).toBeNull();
    expect(blockAnswer('Could not reach the SMTP server: connect ECONNREFUSED 127.0.0.1:25')).toBeNull();
  });

  it('shortens a long answer for the user', () => {
    const answer = blockAnswer(refused(`550 5.7.1 ${'blocked '.repeat(60)}`));
    expect(answer).toHaveLength(160);
    expect(answer?.endsWith('…')).toBe(true);
  });
});
