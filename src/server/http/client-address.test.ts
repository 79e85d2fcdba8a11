import { describe, expect, it } from 'vitest';
import { clientAddressResolver, limiterAddress } from './client-address';

describe('clientAddressResolver', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    const resolve = clientAddressResolver({ kind: 'none' });
    expect(resolve('::ffff:10.0.0.9', '203.0.113.7')).toBe('10.0.0.9');
  });

  it('takes the address the trusted hops received from, never a client-written entry', () => {
    const oneHop = clientAddressResolver({ kind: 'hops', hops: 1 });
    expect(oneHop('10.0.0.9', '203.0.113.7')).toBe('203.0.113.7');
    // A client forging its own header only adds entries to the left.
    expect(oneHop('10.0.0.9', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(oneHop('10.0.0.9', undefined)).toBe('10.0.0.9');
    const twoHops = clientAddressResolver({ kind: 'hops', hops: 2 });
    expect(twoHops('10.0.0.9', '1.2.3.4, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
    expect(twoHops('10.0.0.9', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('walks back through listed proxies and subnets only', () => {
    const resolve = clientAddressResolver({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '::1'],
    });
    expect(resolve('::1', '1.2.3.4, 203.0.113.7, 10.2.3.4')).toBe('203.0.113.7');
    expect(resolve('192.168.1.1', '203.0.113.7')).toBe('192.168.1.1');
  });

  it('takes only IP addresses from the header: a non-address ends the chain at the last valid one', () => {
    const oneHop = clientAddressResolver({ kind: 'hops', hops: 1 });
    // No proxy wrote these (a trusted one writes an address): the peer is the client.
    for (const garbage of ['not-an-ip', 'unknown', '999.1.1.1', '1.2.3.4:80', '<b>', ' ', ',,']) {
      expect(oneHop('10.0.0.9', garbage)).toBe('10.0.0.9');
    }
    expect(oneHop('10.0.0.9', '203.0.113.7, garbage')).toBe('10.0.0.9');
    expect(oneHop('10.0.0.9', 'garbage, 203.0.113.7')).toBe('203.0.113.7');
    expect(oneHop('10.0.0.9', '2001:db8::7')).toBe('2001:db8::7');
    expect(oneHop('10.0.0.9', '::ffff:203.0.113.7')).toBe('203.0.113.7');
    const twoHops = clientAddressResolver({ kind: 'hops', hops: 2 });
    expect(twoHops('10.0.0.9', 'garbage, 203.0.113.7')).toBe('203.0.113.7');
    expect(twoHops('10.0.0.9', '203.0.113.7, garbage')).toBe('10.0.0.9');
    const listed = clientAddressResolver({ kind: 'addresses', addresses: ['10.0.0.0/8'] });
    expect(listed('10.0.0.9', 'not-an-ip')).toBe('10.0.0.9');
    expect(listed('10.0.0.9', '203.0.113.7, not-an-ip, 10.0.0.5')).toBe('10.0.0.5');
    expect(listed('10.0.0.9', 'not-an-ip, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
  });
});

describe('limiterAddress', () => {
  it('counts an IPv6 address by its /64, and an IPv4 one (mapped or not) as itself', () => {
    expect(limiterAddress('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(limiterAddress('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limiterAddress('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(limiterAddress('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(limiterAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limiterAddress('::1')).toBe('0:0:0:0::/64');
    expect(limiterAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limiterAddress('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
    expect(limiterAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(limiterAddress('1.2.3.4')).toBe('1.2.3.4');
    expect(limiterAddress('unknown')).toBe('unknown');
  });
});
