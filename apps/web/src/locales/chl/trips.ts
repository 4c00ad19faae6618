import type { TranslationOverrides } from '../arg/translation';

/** Chile: the trips texts that differ (tuteo). */
export const tripsChl = {
  localidadValida: 'Elige una localidad válida de la lista.',
  seleccioneLocalidadValida: 'Selecciona localidades válidas para la vuelta.',
  noHorarioValido: 'Ingresa un horario válido (HH:MM).',
  faltaFecha: 'Ingresa la fecha del viaje.',
  viajesPasado: 'No puedes crear viajes en el pasado.',
  yaTienesPasajerosSubidos_one: 'Ya tienes {{count}} pasajero subido.',
  yaTienesPasajerosSubidos_other: 'Ya tienes {{count}} pasajeros subidos.',
  algunosDatosNoValidos: 'Algunos datos no son válidos. Revisa los campos marcados.',
  podesHacerViajesGratis_one: 'Puedes hacer {{count}} viaje gratis',
  podesHacerViajesGratis_other: 'Puedes hacer {{count}} viajes gratis',
  tripForm: {
    createTitle: 'Publica tu viaje',
    updateTitle: 'Edita tu viaje',
    intermediatePlaceholder: '¿Por dónde pasas?',
    seatsWanted: 'Asientos que necesitas',
    descriptionPlaceholder: 'Cuenta desde dónde sales, por dónde pasas, cuánto equipaje cabe…',
    noFreeTripsLeft: 'Ya creaste {{count}} viajes: el próximo tendrá que pagar el sellado para publicarse.',
    driverNeedsVerification: 'Para publicar como conductor tu cuenta tiene que estar verificada como conductor. Mientras tanto puedes publicar que buscas viaje como pasajero.',
  },
  tripDetail: {
    paymentFailedText: 'El viaje sigue oculto. Puedes volver a intentar el pago del sellado.',
    awaitingPaymentText: 'El viaje no se muestra hasta que pagues el sellado.',
    shareText: 'Viajo de {{from}} a {{to}}. ¿Vienes?',
    matchingDriversHelp: 'Conductores que van por tu recorrido ese día o que buscan pasajeros como tú. Escríbeles para coordinar el viaje.',
    pendingRequestsWarning_one: 'Tienes {{count}} solicitud esperando respuesta.',
    pendingRequestsWarning_other: 'Tienes {{count}} solicitudes esperando respuesta.',
  },
  searchAlert: {
    offer: '¿Quieres que te avisemos cuando alguien publique un viaje para esta búsqueda?',
  },
  myTrips: {
    noDriverTrips: 'No tienes viajes publicados como conductor.',
    noSubscriptions: 'No tienes alertas de búsqueda. Crea una desde el buscador cuando no haya viajes.',
  },
} satisfies TranslationOverrides;
