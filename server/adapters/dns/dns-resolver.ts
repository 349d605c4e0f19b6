import { Resolver, lookup as systemLookup } from 'node:dns/promises';

/** The DNS answers the lead finder needs: a host's addresses, and a domain's mail exchangers. */
export interface DnsResolver {
  /** The host's IPv4 and IPv6 addresses; throws when the name does not resolve. */
  lookup(host: string): Promise<string[]>;
  /** The domain's MX hosts: [] when it has none (NXDOMAIN, no MX record), null when DNS could not tell. */
  mx(domain: string): Promise<string[] | null>;
}

/** A raw DNS question, as `dns.promises.resolve(name, rrtype)` asks it. */
export type DnsQuery = (name: string, rrtype: string) => Promise<unknown>;

/** Answers that say the name has no such record, as opposed to DNS failing to answer (timeout, SERVFAIL, refused). */
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/** Whether a resolver error says "no such record" (an answer), not "no answer". */
export function isNoRecordError(error: unknown): boolean {
  return NO_RECORD_CODES.has((error as NodeJS.ErrnoException)?.code ?? '');
}

/**
 * Node's resolver. With `servers` (DNS_SERVERS, host:port), every question goes to them; without, addresses come
 * from the system (getaddrinfo, so /etc/hosts applies) and MX from the system's DNS servers.
 */
export class NodeDnsResolver implements DnsResolver {
  private readonly resolver: Resolver;

  constructor(
    private readonly servers?: string[],
    options: { timeoutMs?: number; tries?: number } = {},
  ) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: options.tries ?? 2 });
    if (servers?.length) this.resolver.setServers(servers);
  }

  /**
   * Any record type, answered as `dns.promises.resolve` answers (errors carry codes such as ENOTFOUND, ENODATA,
   * ETIMEOUT): the shape mailauth's SPF, DKIM and DMARC lookups take as their resolver.
   */
  readonly query: DnsQuery = (name, rrtype) => this.resolver.resolve(name, rrtype as 'TXT') as Promise<never>;

  async lookup(host: string): Promise<string[]> {
    if (!this.servers?.length) return (await systemLookup(host, { all: true })).map((entry) => entry.address);
    const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    const addresses = [v4, v6].flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    if (addresses.length === 0) throw new Error(`${host} could not be found`);
    return addresses;
  }

  async mx(domain: string): Promise<string[] | null> {
    try {
      return (await this.resolver.resolveMx(domain)).map((record) => record.exchange);
    } catch (error) {
      return isNoRecordError(error) ? [] : null;
    }
  }
}

/** Whether a domain receives mail; null when it cannot be told (DNS unreachable). */
export interface MxChecker {
  hasMx(domain: string): Promise<boolean | null>;
}

/** MX through the resolver; a "null MX" (RFC 7505: a single `.` exchange) means the domain takes no mail. */
export class DnsMxChecker implements MxChecker {
  constructor(private readonly resolver: DnsResolver) {}

  async hasMx(domain: string): Promise<boolean | null> {
    const exchanges = await this.resolver.mx(domain);
    if (exchanges === null) return null;
    return exchanges.some((exchange) => exchange !== '' && exchange !== '.');
  }
}
