/**
 * External links of the header and site footer. They point at the product's public pages;
 * replace them here when the product owner gives the final addresses.
 */
export const LINKS = {
  team: 'https://carpoolear.com.ar/equipo',
  faq: 'https://carpoolear.com.ar/preguntas-frecuentes',
  recommendations: 'https://carpoolear.com.ar/recomendaciones',
  social: {
    facebook: 'https://www.facebook.com/carpoolear',
    instagram: 'https://www.instagram.com/carpoolear',
    twitter: 'https://twitter.com/carpoolear',
  },
} as const;
