// The client address TRUST_PROXY allows, read the way Fastify reads `request.ip` (proxy-addr): walk from
// the socket's peer back through X-Forwarded-For while each hop is trusted. Pure, so the front door
// (which runs before Fastify) and the page renderer agree on one answer.
import { BlockList, isIP } from 'node:net';

/** TRUST_PROXY as server/config.ts parses it: none, all, a hop count, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string;

type Trust = (address: string, hop: number) => boolean;

/** `::ffff:192.0.2.1` is the IPv4 peer of a dual-stack socket: compared and looked up as IPv4. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function compileTrust(trust: TrustProxy): Trust {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const list = new BlockList();
  for (const entry of trust.split(',')) {
    const [address = '', bits] = entry.trim().split('/');
    const type = isIP(address);
    if (type === 0) continue;
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address: the socket's peer, or the first untrusted hop of X-Forwarded-For counted from
 * the right (the leftmost one when every hop is trusted). Undefined when the socket has no address.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy | Trust,
): string | undefined {
  if (remoteAddress === undefined) return undefined;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  const trusted = typeof trust === 'function' ? trust : compileTrust(trust);
  let hop = 0;
  let address = remoteAddress;
  for (const next of hops) {
    if (!trusted(address, hop)) break;
    address = next;
    hop++;
  }
  return plainAddress(address);
}
