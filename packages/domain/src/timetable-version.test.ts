import { describe, expect, it } from 'vitest';
import { usesTimetableV2 } from './timetable-version';

describe('usesTimetableV2', () => {
  it('switches to v2 on the migration date, not before', () => {
    expect(usesTimetableV2('2026-12-01', '2026-11-30')).toBe(false);
    expect(usesTimetableV2('2026-12-01', '2026-12-01')).toBe(true);
    expect(usesTimetableV2('2026-12-01', '2027-01-05')).toBe(true);
  });
  it('stays on v1 for a venue with no migration date', () => {
    expect(usesTimetableV2(null, '2030-01-01')).toBe(false);
  });
});
