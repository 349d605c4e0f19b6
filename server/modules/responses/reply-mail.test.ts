import { describe, expect, it } from 'vitest';
import { replySubject } from '../shared/reply-subject';
import { threadHeaders } from './reply-mail';

describe('replySubject', () => {
  it('puts "Re: " before a subject once', () => {
    expect(replySubject('Hello Sam')).toBe('Re: Hello Sam');
    expect(replySubject('Re: Hello Sam')).toBe('Re: Hello Sam');
    expect(replySubject('RE: Hello Sam')).toBe('RE: Hello Sam');
    expect(replySubject('re : Hello\r\n Sam')).toBe('re : Hello Sam');
  });
});

describe('threadHeaders', () => {
  it('answers the prospect’s message and carries its thread in order', () => {
    // Stored as In-Reply-To first, then References.
    const headers = threadHeaders({ messageId: '<c@x>', threadIds: ['<b@x>', '<a@x>', '<b@x>'] });
    expect(headers).toEqual({ 'In-Reply-To': '<c@x>', References: '<a@x> <b@x> <c@x>' });
  });

  it('keeps the thread’s first and newest ids when it is long, and leaves out what is not a Message-ID', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const headers = threadHeaders({ messageId: '<last@x>', threadIds: [ids[29], ...ids] });
    const references = headers.References.split(' ');
    expect(references).toHaveLength(20);
    expect(references[0]).toBe('<m0@x>');
    expect(references.slice(-2)).toEqual(['<m29@x>', '<last@x>']);
    expect(threadHeaders({ messageId: 'sha256:abc', threadIds: ['not an id'] })).toEqual({});
  });
});
