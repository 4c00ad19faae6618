import { co2ForDistance } from '@carpool/contracts';

/** Distance is shown in whole km. */
export const distanceKm = (metres: number): number => Math.round(metres / 1000);

/** Carbon footprint: distance / 1000 × 1.5 kg, shown rounded to whole kg. */
export const carbonKg = (metres: number): number => Math.round(co2ForDistance(metres));

/** Minutes → '4 h 45 min' / '50 min'. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.round(totalMinutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The wire's estimated_time 'HH:MM' → minutes, or null. */
export function estimatedMinutes(value: string | null | undefined): number | null {
  const match = value?.match(/^(\d{1,3}):(\d{2})$/);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
