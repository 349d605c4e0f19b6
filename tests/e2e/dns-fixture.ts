// The browser tests' DNS server (DNS_SERVERS of the main test server) on UDP E2E_DNS_PORT, with a health page on
// the next TCP port. Every name is unknown (NXDOMAIN), as the reserved .test domains of the specs' mailboxes are
// everywhere, except the Spamhaus DBL's test entry and two domains of one spec: domain health comes out the same with
// or without a network.
import { createServer } from 'node:http';
import { startDnsServer } from '../../server/test/dns-server';

const port = Number(process.env.E2E_DNS_PORT ?? 5194);
await startDnsServer(
  {
    'dbltest.com.dbl.spamhaus.org': [{ type: 'A', address: '127.0.1.2' }],
    // dashboard-progress.spec.ts: a sending mailbox's domain and a leads' domain that take mail, so the leads on
    // unknown domains beside them count as having no mail server (for every other spec, no domain takes mail).
    'progress-sender.test': [{ type: 'MX', exchange: 'mx.progress-sender.test' }],
    'progress-leads.test': [{ type: 'MX', exchange: 'mx.progress-leads.test' }],
  },
  port,
);
createServer((_req, res) => res.end('ok')).listen(port + 1, '127.0.0.1');
