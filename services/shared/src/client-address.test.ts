import { describe, expect, it } from 'vitest';
import { clientAddressOf, clientKeyOf, networkKeyOf } from './client-address.js';

describe('client and network of an address', () => {
  it('counts an IPv4 address alone, its network as the /24', () => {
    expect(clientAddressOf('192.0.2.77')).toEqual({ client: '192.0.2.77', network: '192.0.2.0/24' });
    expect(clientKeyOf('192.0.2.77')).not.toBe(clientKeyOf('192.0.2.78'));
    expect(networkKeyOf('192.0.2.77')).toBe(networkKeyOf('192.0.2.254'));
  });

  it('counts an IPv6 address as its /64 and its network as the /48, however it is spelt', () => {
    const spellings = ['2001:db8:1:2::1', '2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2:0:0:0:1%eth0'];
    for (const spelling of spellings)
      expect(clientAddressOf(spelling)).toEqual({ client: '2001:0db8:0001:0002::/64', network: '2001:0db8:0001::/48' });
  });

  it('puts 1,000 random addresses of one /64 in one client, and another /64 of the same /48 in another', () => {
    const random = () => Math.floor(Math.random() * 0x10000).toString(16);
    const inOneHome = Array.from(
      { length: 1000 },
      () => `2001:db8:aa:bb:${random()}:${random()}:${random()}:${random()}`,
    );
    expect(new Set(inOneHome.map(clientKeyOf))).toEqual(new Set(['2001:0db8:00aa:00bb::/64']));
    expect(clientKeyOf('2001:db8:aa:bc::1')).not.toBe(clientKeyOf('2001:db8:aa:bb::1'));
    expect(networkKeyOf('2001:db8:aa:bc::1')).toBe(networkKeyOf('2001:db8:aa:bb::1'));
    expect(networkKeyOf('2001:db8:ab:bb::1')).not.toBe(networkKeyOf('2001:db8:aa:bb::1'));
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries, in either spelling', () => {
    for (const mapped of ['::ffff:192.0.2.77', '::FFFF:192.0.2.77', '::ffff:c000:24d', '0:0:0:0:0:ffff:192.0.2.77'])
      expect(clientAddressOf(mapped)).toEqual({ client: '192.0.2.77', network: '192.0.2.0/24' });
  });

  it('keeps an IPv6 address embedding a dotted quad (NAT64) as IPv6', () => {
    expect(clientAddressOf('64:ff9b::192.0.2.77')).toEqual({
      client: '0064:ff9b:0000:0000::/64',
      network: '0064:ff9b:0000::/48',
    });
  });

  it('makes anything that is no address its own client and network', () => {
    expect(clientAddressOf('unknown')).toEqual({ client: 'other:unknown', network: 'other:unknown' });
  });
});
