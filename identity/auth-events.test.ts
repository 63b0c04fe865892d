import { describe, expect, it } from 'vitest';
import { addressClass } from './auth-events.ts';

describe('addressClass', () => {
  it('keeps only the /24 of an IPv4 address', () => {
    expect(addressClass('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressClass('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressClass('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('keeps only the /48 of an IPv6 address, however it is written', () => {
    expect(addressClass('2001:db8:abcd:12::7')).toBe('2001:db8:abcd::/48');
    expect(addressClass('2001:0db8:0000:0012:0000:0000:0000:0007')).toBe('2001:db8:0::/48');
    expect(addressClass('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(addressClass('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(addressClass('::1')).toBe('0:0:0::/48');
    expect(addressClass('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
  });

  it('has no class for what is not an address', () => {
    expect(addressClass(undefined)).toBeNull();
    expect(addressClass('unknown')).toBeNull();
    expect(addressClass('')).toBeNull();
  });
});
