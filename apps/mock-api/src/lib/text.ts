/** Lower case without accents or other marks: 'Gómez' → 'gomez' (name search, places, towns). */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
