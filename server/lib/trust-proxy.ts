import type { TrustProxy } from '../config';

type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A hop count becomes a function, because Fastify 5.12 reads a plain
 * number as "trust no hop" (it cannot check the nearest peer): the nearest N addresses of the chain are the proxies,
 * the one before them the client. Addresses and CIDRs go to Fastify as they are (proxy-addr checks each hop).
 */
export function fastifyTrustProxy(trustProxy: TrustProxy): TrustProxyOption {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
