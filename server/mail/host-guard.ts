import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../lib/app-error';

/**
 * Mail server hosts a user may not point us at: link-local addresses, where cloud metadata services live
 * (169.254.169.254, fd00:ec2::254), so a connection test cannot be used to probe them.
 */
export function isForbiddenAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('169.254.');
  const v6 = address.toLowerCase();
  return v6 === 'fd00:ec2::254' || /^fe[89ab][0-9a-f]:/.test(v6) || v6.startsWith('::ffff:169.254.');
}

/** Resolves the host and refuses it when any of its addresses is forbidden. */
export async function assertAllowedMailHost(host: string, label: string): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((entry) => entry.address);
  } catch {
    throw AppError.badRequest(`${label} host ${host} could not be found`, 'host_not_found');
  }
  if (addresses.some(isForbiddenAddress)) {
    throw AppError.badRequest(
      `${label} host ${host} is not allowed (link-local or cloud metadata address)`,
      'host_forbidden',
    );
  }
}
