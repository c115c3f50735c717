import { describe, expect, it } from 'vitest';
import { conflictingFields, mergeFields } from '#shared/sync/field-merge.ts';

describe('merging a record’s fields edited on several devices', () => {
  const record = {
    version: 3,
    field_versions: { phone: 2, tags: 3 },
    phone: '0422 222 222',
    tags: ['Trade', 'VIP'],
    notes: null,
  };

  it('refuses only a field changed since the edit’s version to another value', () => {
    expect(conflictingFields(record, 1, { phone: '0433 333 333', notes: 'x' })).toEqual(['phone']);
    // The same value (a list compared item by item) is no conflict.
    expect(conflictingFields(record, 1, { phone: '0422 222 222', tags: ['Trade', 'VIP'] })).toEqual(
      [],
    );
    expect(conflictingFields(record, 2, { tags: ['VIP', 'Trade'] })).toEqual(['tags']);
    expect(conflictingFields(record, 3, { phone: '0433 333 333' })).toEqual([]);
  });

  it('stores only what differs, under the next version, each field marked with it', () => {
    expect(mergeFields(record, 1, { phone: '0433 333 333' })).toEqual({
      status: 'conflict',
      conflicts: ['phone'],
    });
    expect(mergeFields(record, 1, { tags: ['Trade', 'VIP'] })).toEqual({ status: 'unchanged' });
    expect(mergeFields(record, 2, { notes: 'Saturday pickups', tags: ['Trade', 'VIP'] })).toEqual({
      status: 'merged',
      changed: { notes: 'Saturday pickups' },
      version: 4,
      fieldVersions: { phone: 2, tags: 3, notes: 4 },
    });
  });
});
