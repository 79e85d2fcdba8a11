import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';

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

/**
 * The address a per-address limit counts (signups, logins, catalogue reads, request bodies): an
 * IPv4 address as it is (`::ffff:1.2.3.4` as `1.2.3.4`), an IPv6 address as its /64
 * (`2001:db8:1:2::/64`), the block one home or host is given, so a client cannot pass for
 * thousands by changing the address's last 64 bits. Anything else as it is.
 */
export function limiterAddress(address: string): string {
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return plain;
  const bare = plain.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          // An IPv4 tail (`::1.2.3.4`): its four bytes are the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const all = [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
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
 *
 * Only IP addresses are taken (node:net's isIP, after `::ffff:` mapping): a trusted proxy always
 * writes one, so an entry that is not (a name, a port, garbage, an empty entry) means no trusted
 * proxy wrote it, and the walk stops there with the last address it reached — the peer, or the
 * rightmost address before the bad entry. A client reaching the server directly can then never
 * pass made-up values off as addresses; it counts as its own socket.
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
    const entries = forwardedFor.split(',').map((entry) => plainAddress(entry.trim()));
    // The client so far; one step left is believed only when the step is trusted and lands on an
    // address.
    let client = socket;
    let steps = 0;
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const stepTrusted = trust.kind === 'hops' ? steps < trust.hops : isTrusted(client);
      const next = entries[index]!;
      if (!stepTrusted || isIP(next) === 0) break;
      client = next;
      steps += 1;
    }
    return client;
  };
}

/**
 * Whether a request came over HTTPS: on a TLS socket, or through a proxy TRUST_PROXY trusts (the
 * socket's peer: any with a hop count, else one of its addresses) whose X-Forwarded-Proto says
 * https. Of several values (proxies that append theirs) the last, the nearest proxy's, counts.
 */
export function requestCameOverHttps(trust: TrustProxy): (request: IncomingMessage) => boolean {
  const peerTrusted = trustedPeer(trust);
  return (request) => {
    if ((request.socket as TLSSocket | undefined)?.encrypted) return true;
    const proto = request.headers['x-forwarded-proto'];
    if (typeof proto !== 'string' || !peerTrusted(request.socket?.remoteAddress)) return false;
    return proto.split(',').at(-1)!.trim().toLowerCase() === 'https';
  };
}

/**
 * Whether a socket's peer is a proxy TRUST_PROXY trusts: any peer with a hop count, else one of
 * its addresses; none when unset. Such a proxy's X-Forwarded-Proto and X-Request-Id are believed.
 */
export function trustedPeer(trust: TrustProxy): (peer: string | undefined) => boolean {
  const trusted = trust.kind === 'addresses' ? trustedList(trust.addresses) : undefined;
  return (peer) => {
    if (trust.kind === 'none' || peer === undefined) return false;
    if (trust.kind === 'hops') return trust.hops > 0;
    const address = plainAddress(peer);
    const version = isIP(address);
    return version !== 0 && trusted!.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Who sent a request, for the request log: the client's address (through trusted proxies) and
 * whether the socket's peer is a trusted proxy (whose X-Request-Id is then kept).
 */
export function requestOrigin(
  trust: TrustProxy,
): (request: IncomingMessage) => { client: string; fromTrustedProxy: boolean } {
  const resolve = clientAddressResolver(trust);
  const peerTrusted = trustedPeer(trust);
  return (request) => {
    const peer = request.socket?.remoteAddress;
    const forwarded = request.headers['x-forwarded-for'];
    return {
      client: resolve(
        peer ?? 'unknown',
        Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      ),
      fromTrustedProxy: peerTrusted(peer),
    };
  };
}
