/** Safe-by-default messages (rate limits). Spread into the Argentine translation. */
export const securityArg = {
  demasiadosIntentos: 'Hiciste demasiados intentos seguidos. Esperá unos minutos y volvé a probar.',
};
