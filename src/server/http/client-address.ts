import { BlockList, isIP } from 'node:net';

/**
 * Which proxies may name the client in X-Forwarded-For (TRUST_PROXY): none (the socket's peer is
 * the client), the nearest `hops` proxies, or the proxies at these addresses and subnets.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket shows it) as IPv4. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** A single address (`10.0.0.1`, `::1`) or a subnet (`10.0.0.0/8`, `fd00::/8`) TRUST_PROXY may list. */
export function isAddressOrSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function trustedList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * The client's address from the socket's peer and X-Forwarded-For, believing the header only as
 * far as trusted proxies wrote it: each proxy appends the address it received from, so the chain
 * is read from the right, one trusted hop at a time. A client's own X-Forwarded-For entries sit
 * to the left of the first trusted proxy's and are never reached.
 */
export function clientAddressResolver(trust: TrustProxy) {
  const trusted = trust.kind === 'addresses' ? trustedList(trust.addresses) : undefined;
  const isTrusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && trusted!.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
  return (peer: string, forwardedFor: string | undefined | null): string => {
    const socket = plainAddress(peer);
    if (trust.kind === 'none' || !forwardedFor) return socket;
    const chain = [
      ...forwardedFor
        .split(',')
        .map((entry) => plainAddress(entry.trim()))
        .filter(Boolean),
      socket,
    ];
    if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
    let index = chain.length - 1;
    while (index > 0 && isTrusted(chain[index]!)) index -= 1;
    return chain[index]!;
  };
}
