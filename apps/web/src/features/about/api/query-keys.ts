export const aboutKeys = {
  all: ['about'] as const,
  terms: (lang: string) => [...aboutKeys.all, 'terms', lang] as const,
};
