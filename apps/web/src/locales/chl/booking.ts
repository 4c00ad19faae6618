import type { TranslationOverrides } from '../arg/translation';

/** Chile: the booking texts that differ (tuteo). */
export const bookingChl = {
  confirmDialog: { title: 'Confirma' },
  booking: {
    awaitingPayment: 'Tu solicitud fue aceptada: paga el asiento para confirmar tu lugar.',
    cancelRequestConfirm: '¿Quieres cancelar tu solicitud de asiento en este viaje?',
  },
  selladoWidget: {
    failedText: 'El pago del sellado falló y tu viaje sigue oculto. Puedes pagarlo de nuevo.',
    reloadToPay: 'El estado del pago cambió. Recarga la página para volver a pagar.',
    failed: 'No se pudo cobrar el sellado. Intenta de nuevo.',
  },
  carpoodatos: {
    requestSeat: {
      tips: {
        tip1: 'Mira el perfil de quien conduce: sus calificaciones, referencias y amigos en común.',
        tip2: 'Conversa antes de viajar: acuerda el punto de encuentro, el recorrido y el equipaje.',
        tip3: 'Encuéntrense en un lugar público y cuéntale a alguien de confianza con quién y cuándo viajas.',
        tip4: 'Se comparten los gastos: nadie puede lucrar con el viaje.',
      },
    },
    pricing: {
      intro: 'Antes de escribirle al conductor, recuerda cómo se comparten los gastos:',
      tips: {
        tip1: 'El aporte de cada uno cubre combustible y peajes: el conductor no puede lucrar con el viaje.',
        tip2: 'Acuerda el aporte antes de viajar y desconfía de precios que superen los gastos.',
        tip3: 'Nunca pagues por adelantado fuera de la aplicación.',
      },
    },
    acceptPassenger: {
      tips: {
        tip1: 'Mira el perfil del pasajero: sus calificaciones y referencias.',
        tip2: 'Escríbele para acordar el punto de encuentro, el horario y el equipaje.',
        tip3: 'Pidan solo lo necesario para cubrir los gastos: no se puede lucrar con el viaje.',
        tip4: 'Si algo no te convence, puedes rechazar la solicitud.',
      },
    },
  },
  transactionsPage: {
    empty: 'Todavía no tienes transacciones.',
    loginPrompt: 'Ingresa para ver los pagos de tus asientos y de tus viajes.',
  },
} satisfies TranslationOverrides;
