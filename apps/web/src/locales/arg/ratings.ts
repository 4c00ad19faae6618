/**
 * Ratings, references and donations: the Calificaciones tab, the rating of a trip in my
 * trips, its modals and the donation prompts. Spread into the Argentine translation; every
 * top-level key here is new (a spread replaces whole objects).
 */
export const ratingsArg = {
  // Spec document 2 §5 / document 1 §5, quoted exactly.
  comentarioVotoNegativo: 'El comentario no puede estar vacío para los votos negativos.',

  rate: {
    title: 'Calificá a {{name}}',
    asDriver: 'Conductor del viaje a {{to}}',
    asPassenger: 'Pasajero del viaje a {{to}}',
    positive: 'Positiva',
    negative: 'Negativa',
    scoreLabel: 'Tu calificación para {{name}}',
    comment: 'Comentario',
    commentHint: 'Contá cómo fue el viaje (hasta 600 caracteres).',
    send: 'Enviar calificación',
    sent: '¡Gracias! Tu calificación fue enviada.',
    needsScore: 'Elegí una calificación antes de enviar.',
    notPending: 'Esta calificación ya no está pendiente: ya la enviaste o terminó el plazo para calificar.',
    error: 'No se pudo enviar la calificación.',
    rules: 'Cómo funcionan las calificaciones',
  },
  rulesModal: {
    title: 'Cómo funcionan las calificaciones',
    opens: 'Podés calificar a tus compañeros de viaje desde 24 horas después de la salida y durante 14 días.',
    votes: 'Cada calificación es positiva o negativa; las negativas necesitan un comentario.',
    final: 'Las calificaciones no se pueden editar ni borrar.',
    together: 'Las dos calificaciones de un viaje se publican juntas, cuando las dos personas calificaron o cuando termina el plazo.',
    reply: 'Quien recibe una calificación puede responderla una vez.',
    close: 'Entendido',
  },
  pendingModal: {
    title: 'Tenés viajes por calificar',
    text_one: 'Tenés {{count}} calificación pendiente. Contanos cómo te fue.',
    text_other: 'Tenés {{count}} calificaciones pendientes. Contanos cómo te fue.',
    go: 'Calificar ahora',
    later: 'Más tarde',
    never: 'No volver a avisarme',
  },
  ratingsTab: {
    ratings: 'Calificaciones',
    references: 'Referencias',
    noReferences: 'Todavía no tiene referencias.',
    replyLabel: 'Tu respuesta',
    replySend: 'Responder',
    replySent: 'Tu respuesta fue publicada.',
    replyError: 'No se pudo publicar la respuesta.',
    replyAlready: 'Ya respondiste esta calificación.',
    referenceTitle: 'Escribí una referencia',
    referenceLabel: 'Tu referencia sobre {{name}}',
    referenceSend: 'Enviar referencia',
  },
  donation: {
    title: 'Ayudanos a sostener {{app}}',
    text: '{{app}} es gratuito y sin fines de lucro. Con tu aporte lo mantenemos funcionando.',
    oneTime: 'Una vez',
    monthly: 'Todos los meses',
    kind: 'Tipo de donación',
    amount: 'Monto',
    custom: 'Otro monto mensual',
    customAmount: 'Tu aporte mensual, en pesos',
    donate: 'Donar',
    close: 'Ahora no',
    panelTitle: '¿Te sirve {{app}}?',
    panelText: 'Sumá tu donación para que siga siendo gratuito.',
    prompt: 'Este mes necesitamos tu ayuda para sostener {{app}}.',
  },
};
