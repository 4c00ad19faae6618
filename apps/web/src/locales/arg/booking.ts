/**
 * Booking: seat requests on the trip detail, the driver's passenger lists, the pending cards of my
 * trips, the Carpoodatos info modals, notifications and transactions. Spread into the Argentine
 * translation; every top-level key here is new (a spread replaces whole objects).
 */
export const bookingArg = {
  // Confirmations (spec document 1 §5), quoted exactly
  seguroBajarteViaje: '¿Estás seguro que deseas bajarte del viaje?',
  seguroBajarPasajero: 'Estás seguro que deseas bajar a este pasajero de tu viaje?',

  confirmDialog: {
    title: 'Confirmá',
    yes: 'Sí, confirmar',
    no: 'No, volver',
  },

  booking: {
    requestSeat: 'Solicitar asiento',
    noSeats: 'No quedan asientos libres',
    requestSent: 'Solicitud enviada',
    cancelRequest: 'Cancelar solicitud',
    cancelRequestTitle: 'Cancelar la solicitud',
    cancelRequestConfirm: '¿Querés cancelar tu solicitud de asiento en este viaje?',
    aboard: 'Estás subido a este viaje.',
    leaveTrip: 'Bajarme del viaje',
    leaveTitle: 'Bajarte del viaje',
    awaitingPayment: 'Tu solicitud fue aceptada: pagá el asiento para confirmar tu lugar.',
    pay: 'Pagar',
    cancelPayment: 'Cancelar',
    messageDriver: 'Enviar mensaje a {{name}}',
    message: 'Mensaje',
    messageTo: 'Enviar mensaje a {{name}}',
    boarded: 'Pasajeros subidos',
    awaitingPaymentList: 'Pasajeros pendiente de pago',
    noneToPay: 'Nadie tiene el pago del asiento pendiente.',
    removePassenger: 'Bajar',
    removePassengerNamed: 'Bajar a {{name}} del viaje',
    removeTitle: 'Bajar pasajero',
    pendingRequests: 'Solicitudes pendientes',
    accept: 'Aceptar',
    acceptNamed: 'Aceptar la solicitud de {{name}}',
    reject: 'Rechazar',
    rejectNamed: 'Rechazar la solicitud de {{name}}',
    accepted: 'Aceptaste la solicitud de {{name}}.',
    rejected: 'Rechazaste la solicitud de {{name}}.',
    requestCancelled: 'Cancelaste la solicitud.',
    wantsToJoin: 'Quiere viajar a {{to}}',
    loadError: 'No pudimos cargar esta lista.',
  },

  // The creation-fee ("sellado") payment widget of the owner's trip (spec document 1 §2 and §4).
  selladoWidget: {
    title: 'Sellado del viaje',
    awaitingText: 'Tu viaje está oculto: nadie más lo ve hasta que pagues el sellado.',
    failedText: 'El pago del sellado falló y tu viaje sigue oculto. Podés pagarlo de nuevo.',
    amount: 'Sellado: {{amount}}',
    pay: 'Pagar sellado',
    reloadToPay: 'El estado del pago cambió. Recargá la página para volver a pagar.',
    paidTitle: 'Sellado pagado',
    paidText: 'Tu viaje ya es visible para los demás.',
    failed: 'No se pudo cobrar el sellado. Intentá de nuevo.',
  },

  carpoodatos: {
    title: 'Carpoodatos',
    dontShowAgain: 'No volver a mostrar',
    continue: 'Continuar',
    close: 'Cerrar',
    requestSeat: {
      intro: 'Antes de pedir un lugar, unos consejos para viajar tranquilo:',
      tips: {
        tip1: 'Mirá el perfil de quien conduce: sus calificaciones, referencias y amigos en común.',
        tip2: 'Conversá antes de viajar: acordá el punto de encuentro, el recorrido y el equipaje.',
        tip3: 'Encuéntrense en un lugar público y contale a alguien de confianza con quién y cuándo viajás.',
        tip4: 'Se comparten los gastos: nadie puede lucrar con el viaje.',
      },
    },
    pricing: {
      intro: 'Antes de escribirle al conductor, recordá cómo se comparten los gastos:',
      tips: {
        tip1: 'El aporte de cada uno cubre combustible y peajes: el conductor no puede lucrar con el viaje.',
        tip2: 'Acordá el aporte antes de viajar y desconfiá de precios que superen los gastos.',
        tip3: 'Nunca pagues por adelantado fuera de la aplicación.',
      },
    },
    acceptPassenger: {
      intro: 'Antes de sumar a alguien a tu viaje:',
      tips: {
        tip1: 'Mirá el perfil del pasajero: sus calificaciones y referencias.',
        tip2: 'Escribile para acordar el punto de encuentro, el horario y el equipaje.',
        tip3: 'Pidan sólo lo necesario para cubrir los gastos: no se puede lucrar con el viaje.',
        tip4: 'Si algo no te cierra, podés rechazar la solicitud.',
      },
    },
  },

  notificationsPage: {
    title: 'Notificaciones',
    next: 'Siguiente',
    new: 'Nueva',
    delete: 'Borrar notificación',
    deleted: 'La notificación fue borrada.',
    loadError: 'No pudimos cargar las notificaciones.',
    retry: 'Reintentar',
    opensExternal: '(se abre en otra pestaña)',
  },

  paymentSession: {
    opening: 'Abriendo el pago seguro…',
    failed: 'No pudimos abrir el pago. Volvé a intentarlo desde Mis viajes.',
    myTrips: 'Ir a Mis viajes',
  },
  paymentOutcome: {
    ok: '¡Listo! Pagaste tu asiento: tu lugar en el viaje está confirmado.',
    failed: 'El pago no se completó. Tu asiento sigue reservado: podés volver a intentarlo desde Pagos pendientes.',
  },
  transactionsPage: {
    title: 'Transacciones',
    date: 'Fecha',
    description: 'Descripción',
    amount: 'Monto',
    status: 'Estado',
    asPassenger: 'Asiento en el viaje de {{driver}} a {{to}} ({{date}})',
    asDriver: '{{passenger}} en tu viaje a {{to}} ({{date}})',
    empty: 'Todavía no tenés transacciones.',
    loadError: 'No pudimos cargar las transacciones.',
    loginPrompt: 'Ingresá para ver los pagos de tus asientos y de tus viajes.',
    login: 'Ingresar',
  },
} as const;
