import { afterEach, describe, expect, it } from 'vitest';
import { readInbound } from './classify-inbound';
import { createInboundThread, type InboundThread } from './classify-thread';

const crlf = (lines: string[]) => lines.join('\r\n');
const reply = (n: number) =>
  Buffer.from(
    crlf([
      'From: Lead <lead@prospects.test>',
      'Subject: Re: Hello',
      `Message-ID: <reply-${n}@prospects.test>`,
      'In-Reply-To: <campaign-1.2@sender.test>',
      '',
      'Can we talk on Thursday?',
      '',
    ]),
  );
/** 1.9 MB of tags left open: mailparser takes over 10 s over its HTML (a third-party cost no pattern of ours has). */
const unclosedTags = Buffer.from(
  crlf(['From: x@y.test', 'Subject: Tags', 'Content-Type: text/html', '', '<div>'.repeat(380_000), '']),
);

let thread: InboundThread | undefined;
afterEach(async () => {
  await thread?.close();
});

describe('reading inbound mail on a thread of its own', () => {
  it('answers what reading the message on the server thread answers', async () => {
    thread = createInboundThread();
    const now = new Date('2026-11-23T12:00:00Z');
    expect(await thread.read(reply(1), now)).toEqual(await readInbound(reply(1), now));
  });

  it('gives up a message over its time, and reads the next one on a new thread', async () => {
    // Far under what the tags take, far over what an ordinary message takes even on a loaded machine.
    thread = createInboundThread(2_000);
    const now = new Date();
    const [given, next] = await Promise.all([thread.read(unclosedTags, now), thread.read(reply(2), now)]);
    expect(given).toBeNull();
    expect(next?.classification).toMatchObject({ kind: 'message', originalMessageIds: ['<campaign-1.2@sender.test>'] });
    expect(next?.envelope.messageId).toBe('<reply-2@prospects.test>');
  });
});
