import nodemailer from 'nodemailer';
import type { SystemMailConfig } from '../../config';

/** Mail from the installation itself to its users (password reset links), through SYSTEM_SMTP_URL. */
export type SystemMailer = { send(mail: { to: string; subject: string; text: string }): Promise<void> };

export function createSystemMailer(config: SystemMailConfig): SystemMailer {
  const transporter = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ from: config.from, ...mail });
    },
  };
}
