import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('counts IPv6 addresses of one /64 together, with :: expanded wherever it stands', () => {
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001:db8:0:0:ffff::2')).toBe(clientAddressKey('2001:db8::1'));
    expect(clientAddressKey('2001:0DB8:0000:0000:1234:5678:9abc:def0')).toBe(clientAddressKey('2001:db8::1'));
    expect(clientAddressKey('2001:db8::')).toBe(clientAddressKey('2001:db8::1'));
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::')).toBe('0:0:0:0::/64');
  });

  it('keeps other /64s apart', () => {
    expect(clientAddressKey('2001:db8:0:1::1')).not.toBe(clientAddressKey('2001:db8::1'));
    expect(clientAddressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8:1::1')).toBe('2001:db8:1:0::/64');
    expect(clientAddressKey('2001:db8:a:b:c::1')).toBe('2001:db8:a:b::/64');
    expect(clientAddressKey('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
  });

  it('counts IPv4 and IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps what is not an address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
