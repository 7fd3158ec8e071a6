/** Demo mode's host rules (src/connections/demo-host.ts): loopback detection and the default host. */
import { describe, expect, it } from 'vitest';
import {
  demoExposure,
  isLoopbackAddress,
  publicHost,
  shownHost,
} from '../../../src/connections/demo-host.ts';

describe('demo host', () => {
  it('knows loopback peers, IPv4-mapped ones included, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [undefined, '', '0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1']) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('binds loopback in demo mode unless HOST is set', () => {
    expect(publicHost(undefined, true)).toBe('127.0.0.1');
    expect(publicHost(undefined, false)).toBe('0.0.0.0');
    expect(publicHost('0.0.0.0', true)).toBe('0.0.0.0');
    expect(shownHost('127.0.0.1')).toBe('localhost');
    expect(shownHost('10.1.2.3')).toBe('10.1.2.3');
  });

  it('warns only for demo mode beyond loopback', () => {
    expect(demoExposure('0.0.0.0', true)).toMatch(/WARNING: demo mode .* 0\.0\.0\.0/);
    expect(demoExposure('127.0.0.1', true)).toBeUndefined();
    expect(demoExposure('0.0.0.0', false)).toBeUndefined();
  });
});
