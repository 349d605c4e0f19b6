import { describe, expect, it } from 'vitest';
import {
  defaultImapFields,
  emptySmtpForm,
  portForSecurity,
  type SmtpFormValues,
  toSmtpConnectRequest,
  usualPort,
  validatePort,
} from './smtp-form';

const filled: SmtpFormValues = {
  ...emptySmtpForm,
  email: ' Owner@Shop.test ',
  displayName: '  ',
  smtp: { host: ' mail.shop.test ', port: '587', security: 'starttls', user: 'owner', password: ' secret ' },
};

describe('defaultImapFields', () => {
  it('takes the SMTP host, user and password on port 993 with SSL/TLS', () => {
    expect(defaultImapFields(filled)).toEqual({
      host: 'mail.shop.test',
      port: '993',
      security: 'ssl',
      user: 'owner',
      password: ' secret ',
    });
  });

  it('uses the email address when the SMTP user is blank', () => {
    expect(defaultImapFields({ ...filled, smtp: { ...filled.smtp, user: ' ' } }).user).toBe('Owner@Shop.test');
  });
});

describe('toSmtpConnectRequest', () => {
  it('sends the SMTP settings and, with "Same as SMTP", the default IMAP ones', () => {
    expect(toSmtpConnectRequest(filled)).toEqual({
      email: 'Owner@Shop.test',
      displayName: null,
      smtp: { host: 'mail.shop.test', port: 587, secure: false, user: 'owner', password: ' secret ' },
      imap: { host: 'mail.shop.test', port: 993, secure: true, user: 'owner', password: ' secret ' },
    });
  });

  it('sends the IMAP fields as typed once they are edited', () => {
    const request = toSmtpConnectRequest({
      ...filled,
      displayName: ' Sales ',
      imapSameAsSmtp: false,
      imap: { host: 'imap.shop.test', port: '143', security: 'starttls', user: 'reader', password: 'pw' },
    });
    expect(request.displayName).toBe('Sales');
    expect(request.imap).toEqual({ host: 'imap.shop.test', port: 143, secure: false, user: 'reader', password: 'pw' });
  });

  it('sends security "None" as plain without STARTTLS, on SMTP and on edited IMAP', () => {
    const request = toSmtpConnectRequest({
      ...filled,
      smtp: { ...filled.smtp, port: '25', security: 'none' },
      imapSameAsSmtp: false,
      imap: { host: 'imap.shop.test', port: '143', security: 'none', user: 'reader', password: 'pw' },
    });
    expect(request.smtp).toMatchObject({ port: 25, secure: false, starttls: false });
    expect(request.imap).toMatchObject({ port: 143, secure: false, starttls: false });
  });

  it('leaves IMAP out when replies are not read (a send-only mailbox)', () => {
    const request = toSmtpConnectRequest({
      ...filled,
      readReplies: false,
      imapSameAsSmtp: false,
      imap: { host: 'imap.shop.test', port: '143', security: 'starttls', user: 'reader', password: 'pw' },
    });
    expect(request).not.toHaveProperty('imap');
    expect(request.smtp).toMatchObject({ host: 'mail.shop.test', port: 587 });
  });
});

describe('portForSecurity', () => {
  it('moves a port still at the previous choice’s usual one to the new choice’s', () => {
    expect(portForSecurity('smtp', '465', 'ssl', 'starttls')).toBe('587');
    expect(portForSecurity('smtp', '587', 'starttls', 'none')).toBe('25');
    expect(portForSecurity('imap', '993', 'ssl', 'starttls')).toBe('143');
    expect(portForSecurity('imap', ' 993 ', 'ssl', 'none')).toBe('143');
  });

  it('keeps a port the user typed (None turned 2525 into 25 without a word)', () => {
    expect(portForSecurity('smtp', '2525', 'starttls', 'none')).toBe('2525');
    expect(portForSecurity('smtp', '1025', 'ssl', 'none')).toBe('1025');
    expect(portForSecurity('imap', '10143', 'starttls', 'ssl')).toBe('10143');
    // 993 typed with STARTTLS is not STARTTLS's usual port: it stays.
    expect(portForSecurity('imap', '993', 'starttls', 'none')).toBe('993');
  });

  it('fills an empty port in', () => {
    expect(portForSecurity('smtp', '', 'ssl', 'none')).toBe('25');
  });
});

describe('usualPort', () => {
  it('fills in 465 or 993 for SSL/TLS, 587 or 143 for STARTTLS, and 25 or 143 for None', () => {
    const ports = (server: 'smtp' | 'imap') => (['ssl', 'starttls', 'none'] as const).map((s) => usualPort(server, s));
    expect(ports('smtp')).toEqual([465, 587, 25]);
    expect(ports('imap')).toEqual([993, 143, 143]);
  });
});

describe('validatePort', () => {
  it('accepts whole numbers from 1 to 65535', () => {
    expect(validatePort('465')).toBe(true);
    expect(validatePort(' 1 ')).toBe(true);
    expect(validatePort('65535')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['', '0', '65536', '4.5', 'abc', '-1']) {
      expect(validatePort(value)).toBe('Enter a port from 1 to 65535');
    }
  });
});
