import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from './transport';

/** The whole MIME message (headers, text and HTML parts, attachments) as nodemailer composes it. */
export function composeMime(mail: OutgoingMail): Promise<Buffer> {
  return new MailComposer({
    from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments,
  })
    .compile()
    .build();
}
