import { describe, expect, it } from 'vitest';
import { storageLabels, storageUsage } from './storage';

describe('storageUsage (SPEC §2.6)', () => {
  it('is used GB of total GB as a percentage', () => {
    expect(storageUsage({ storage_used: '2.5', storage_capacity: '10' })).toEqual({
      used: 2.5,
      total: 10,
      percent: 25,
    });
    expect(storageUsage({ storage_used: '10', storage_capacity: '10' }).percent).toBe(100);
    expect(storageUsage({ storage_used: '1', storage_capacity: '3' }).percent).toBeCloseTo(33.333, 3);
  });

  it('is 0 when the total is 0, missing or unreadable', () => {
    expect(storageUsage({ storage_used: '5', storage_capacity: '0' }).percent).toBe(0);
    expect(storageUsage({ storage_used: '5', storage_capacity: '0.00' }).percent).toBe(0);
    expect(storageUsage({ storage_used: '5', storage_capacity: '' }).percent).toBe(0);
    expect(storageUsage({ storage_used: '5', storage_capacity: 'n/a' }).percent).toBe(0);
  });

  it('counts negative or unreadable usage as 0 and keeps an overrun visible', () => {
    expect(storageUsage({ storage_used: '-3', storage_capacity: '10' }).percent).toBe(0);
    expect(storageUsage({ storage_used: 'x', storage_capacity: '10' }).percent).toBe(0);
    expect(storageUsage({ storage_used: '15', storage_capacity: '10' }).percent).toBe(150);
  });
});

describe('storageLabels', () => {
  it('formats GB and the percentage the Colombian way', () => {
    expect(storageLabels(storageUsage({ storage_used: '1.256', storage_capacity: '10' }))).toEqual({
      used: '1,26',
      total: '10',
      percent: '12,6',
    });
    expect(storageLabels(storageUsage({ storage_used: '0', storage_capacity: '0' }))).toEqual({
      used: '0',
      total: '0',
      percent: '0',
    });
  });
});
