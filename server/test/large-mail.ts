/**
 * A prospect's reply with a large attachment (`attachmentBytes` of it, base64 in the source): over the 2 MB the
 * readers fetch of a message when the attachment is, so its beginning (headers and text) is read and the rest not.
 */
export function largeReply(
  fields: { from: string; to: string; messageId: string; inReplyTo?: string },
  attachmentBytes = 2_500_000,
) {
  const base64 = Buffer.alloc(attachmentBytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    'Subject: Re: Hello, the plans attached',
    `Message-ID: ${fields.messageId}`,
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`] : []),
    'Date: Mon, 23 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="large"',
    '',
    '--large',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Interested! The plans are attached. Can you call me on Thursday?',
    '',
    '--large',
    'Content-Type: application/pdf; name="plans.pdf"',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="plans.pdf"',
    '',
    base64,
    '--large--',
    '',
  ].join('\r\n');
}
