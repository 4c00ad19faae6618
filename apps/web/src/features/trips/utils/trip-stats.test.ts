import { describe, expect, it } from 'vitest';
import { carbonKg, distanceKm, estimatedMinutes, formatDuration } from './trip-stats';

describe('trip stats', () => {
  it('shows whole km and distance/1000 × 1.5 kg of CO2', () => {
    expect(distanceKm(358_499)).toBe(358);
    expect(distanceKm(358_500)).toBe(359);
    expect(carbonKg(300_000)).toBe(450);
  });

  it('reads and writes the estimated time', () => {
    expect(estimatedMinutes('04:29')).toBe(269);
    expect(estimatedMinutes(null)).toBeNull();
    expect(formatDuration(269)).toBe('4 h 29 min');
    expect(formatDuration(50)).toBe('50 min');
    expect(formatDuration(120)).toBe('2 h');
  });
});
