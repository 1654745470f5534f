import { describe, expect, it } from 'vitest';
import { addressKey, describeWait } from './login-throttle';

describe('addressKey', () => {
  it('counts IPv6 addresses of one /64 together, with :: expanded wherever it stands', () => {
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:0:ffff::2')).toBe(addressKey('2001:db8::1'));
    expect(addressKey('2001:0DB8:0000:0000:1234:5678:9abc:def0')).toBe(addressKey('2001:db8::1'));
    expect(addressKey('2001:db8::')).toBe(addressKey('2001:db8::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('keeps other /64s apart', () => {
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8::1'));
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8:1::1')).toBe('2001:db8:1:0::/64');
    expect(addressKey('2001:db8:a:b:c::1')).toBe('2001:db8:a:b::/64');
    expect(addressKey('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
  });

  it('counts IPv4 and IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(addressKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('describeWait', () => {
  it('names minutes up to an hour and a half, then hours', () => {
    expect(describeWait(1)).toBe('1 minute');
    expect(describeWait(15 * 60)).toBe('15 minutes');
    expect(describeWait(3 * 60 * 60 - 10)).toBe('3 hours');
  });
});
