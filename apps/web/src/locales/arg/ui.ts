/**
 * Texts of the first load, accessibility and defects found in use: names of controls that had
 * none, confirmations and per-section empty texts. Spread into the Argentine translation.
 */
export const uiArg = {
  ui: {
    closeToast: 'Cerrar aviso',
    clearDate: 'Borrar fecha',
    sealingAfterFreeTrips: 'Después, cada viaje nuevo paga el sellado para publicarse.',
    demoResetNotice: 'La demo se reinicia a las {{time}}: los viajes, las cuentas y los cambios vuelven a los datos iniciales.',
  },
};
