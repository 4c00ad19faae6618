import { LENGTHS } from '@carpool/contracts';

/** The last-message preview of the list: 50 characters (spec document 2 §9), then an ellipsis. */
export function previewText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LENGTHS.lastMessagePreview ? `${flat.slice(0, LENGTHS.lastMessagePreview)}…` : flat;
}
