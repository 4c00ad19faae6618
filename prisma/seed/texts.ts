// Spanish (Argentine) texts for seeded content. Faker's Spanish lorem is Latin, so the seed
// composes descriptions, messages and comments from these fragments.

/** [masculine, feminine] forms of an occupation. */
export const OCCUPATIONS: readonly (readonly [string, string])[] = [
  ['docente', 'docente'],
  ['ingeniero', 'ingeniera'],
  ['abogado', 'abogada'],
  ['enfermero', 'enfermera'],
  ['contador', 'contadora'],
  ['programador', 'programadora'],
  ['estudiante de Medicina', 'estudiante de Medicina'],
  ['estudiante de Ingeniería', 'estudiante de Ingeniería'],
  ['estudiante de Arquitectura', 'estudiante de Arquitectura'],
  ['comerciante', 'comerciante'],
  ['psicólogo', 'psicóloga'],
  ['diseñador gráfico', 'diseñadora gráfica'],
  ['veterinario', 'veterinaria'],
  ['periodista', 'periodista'],
  ['arquitecto', 'arquitecta'],
  ['kinesiólogo', 'kinesióloga'],
  ['productor agropecuario', 'productora agropecuaria'],
  ['vendedor', 'vendedora'],
  ['músico', 'música'],
  ['técnico electricista', 'técnica electricista'],
  ['bioquímico', 'bioquímica'],
  ['empleado bancario', 'empleada bancaria'],
];

export const USER_INTROS = [
  'Soy {occupation} y vivo en {home}.',
  'Vivo en {home} y trabajo como {occupation}.',
  'Soy de {home}, {occupation}.',
  '{occupation_cap} en {home}.',
] as const;

export const USER_TRAVEL = [
  'Viajo seguido a {other} por trabajo.',
  'Los fines de semana visito a mi familia en {other}.',
  'Tengo familia en {other} y voy a visitarlos cada quince días.',
  'Voy y vuelvo de {other} un par de veces por mes.',
  'Uso Carpool para ir a {other} y compartir los gastos de la ruta.',
  'Me muevo bastante entre {home} y {other}.',
] as const;

export const USER_STYLE = [
  'Me gusta charlar en el viaje, pero respeto a quien prefiere dormir.',
  'Soy puntual y me gusta viajar con buena música.',
  'Tomo mate en la ruta; si querés, compartimos.',
  'No fumo y prefiero que no se fume en el auto.',
  'A veces viajo con mi perro, que es muy tranquilo.',
  'Prefiero los viajes tranquilos, sin apuro.',
  'Siempre aviso con tiempo si cambia algo.',
  'Me encanta conocer gente nueva en la ruta.',
] as const;

export const ADMIN_DESCRIPTION =
  'Cuenta del equipo de Carpool. Si tenés dudas sobre la plataforma o un problema con un viaje, escribinos por acá.';
export const DRIVER_DESCRIPTION =
  'Soy ingeniero y vivo en Buenos Aires. Viajo seguido a Rosario y a la Costa; me gusta compartir el auto, el mate y la charla. Siempre salgo puntual.';
export const PASSENGER_DESCRIPTION =
  'Soy docente y estudio en Rosario. Viajo a Buenos Aires a ver a mi familia casi todos los meses. Soy puntual y llevo poco equipaje.';

export const TRIP_DEPARTURE = [
  'Salgo puntual desde la terminal de ómnibus.',
  'Salgo desde el centro, cerca de la plaza principal.',
  'Puedo pasar a buscarte por la estación de servicio de la entrada.',
  'Salgo desde el barrio; coordinamos el punto de encuentro por mensaje.',
  'Salgo de la zona de la facultad.',
] as const;

export const TRIP_ROUTE = [
  'Voy por ruta nacional, con una parada corta para estirar las piernas.',
  'Hago una parada para cargar nafta y tomar un café.',
  'Viaje directo, sin paradas largas.',
  'Si te queda de paso, te puedo dejar en el camino.',
  'Paro a mitad de camino para almorzar algo rápido.',
] as const;

export const TRIP_LUGGAGE = [
  'Hay lugar para un bolso mediano por persona.',
  'Baúl chico: solo mochilas, por favor.',
  'Llevo portaequipaje, hay lugar para valijas.',
  'Si llevás algo grande, avisame antes.',
] as const;

export const TRIP_MOOD = [
  'Se comparte mate y buena música.',
  'Prefiero un viaje tranquilo, ideal para dormir un rato.',
  'Me gusta charlar, así se hace más corto el viaje.',
  'Auto con aire acondicionado y cargador de celular.',
] as const;

export const TRIP_CLOSING = [
  'Cualquier duda, escribime.',
  'Confirmo la hora exacta un día antes.',
  'Por favor, avisá con tiempo si te bajás del viaje.',
  'Los gastos de nafta y peajes se dividen entre todos.',
] as const;

export const PASSENGER_TRIP = [
  'Busco viaje a {to}. Comparto gastos de nafta y peajes.',
  'Necesito llegar a {to}; tengo horario flexible y llevo poco equipaje.',
  'Busco quien vaya a {to}. Puedo salir temprano y me adapto al punto de encuentro.',
  'Somos dos personas buscando viaje a {to}. Compartimos gastos.',
] as const;

export const RATING_POSITIVE_DRIVER = [
  'Excelente viaje, muy puntual.',
  'Maneja con mucha prudencia, totalmente recomendable.',
  'Muy buena onda, se hizo cortito el viaje.',
  'Auto impecable y muy buena charla.',
  'Todo perfecto, volvería a viajar.',
] as const;

export const RATING_POSITIVE_PASSENGER = [
  'Muy puntual y buena compañía.',
  'Todo perfecto, ¡volvé cuando quieras!',
  'Súper recomendable, llegó a horario al punto de encuentro.',
  'Muy amable y cumplió con los horarios.',
] as const;

export const RATING_NEGATIVE_DRIVER = [
  'Salió una hora más tarde de lo acordado y no avisó.',
  'Manejo un poco brusco para mi gusto.',
  'Canceló a último momento.',
] as const;

export const RATING_NEGATIVE_PASSENGER = [
  'Llegó tarde al punto de encuentro y no avisó.',
  'No respondió los mensajes antes del viaje.',
  'Llevó mucho más equipaje del acordado.',
] as const;

export const RATING_REPLIES = [
  '¡Gracias! Fue un placer viajar juntos.',
  'Pido disculpas, tuve un problema con el auto esa mañana.',
  'Gracias por el comentario, lo tengo en cuenta.',
] as const;

export const REFERENCES = [
  'Conozco a {first} hace años; es una persona de total confianza.',
  'Compartimos varios viajes con {first}: siempre responsable y puntual.',
  'Trabajé con {first}; es una excelente compañía de viaje.',
  'Viajar con {first} es un placer: puntual y muy buena onda.',
  'Viajé con {first} a {to} y fue muy agradable.',
] as const;

/** A private chat between a passenger (P) and a driver (D) about a trip. */
export const PRIVATE_CHATS: readonly (readonly (readonly ['P' | 'D', string])[])[] = [
  [
    ['P', '¡Hola! ¿Te queda algún lugar para el viaje a {to}?'],
    ['D', '¡Hola! Sí, todavía tengo lugar.'],
    ['P', 'Genial, ¿desde dónde salís?'],
    ['D', 'Desde la terminal, a las {time}.'],
    ['P', 'Perfecto, te mando la solicitud.'],
    ['D', 'Dale, nos vemos ahí.'],
  ],
  [
    ['P', 'Hola, ¿puedo llevar un bolso grande?'],
    ['D', 'Sí, hay lugar en el baúl.'],
    ['P', '¡Buenísimo, gracias!'],
  ],
  [
    ['P', 'Hola, ¿me podrías dejar en la entrada de {to}?'],
    ['D', 'Sí, me queda de paso.'],
    ['P', 'Excelente. ¿A qué hora calculás que llegamos?'],
    ['D', 'Si no hay mucho tránsito, en unas {hours} horas.'],
  ],
  [
    ['D', 'Hola, vi tu solicitud. ¿Viajás con equipaje?'],
    ['P', 'Solo una mochila.'],
    ['D', 'Perfecto, te acepto entonces.'],
    ['P', '¡Gracias! Nos vemos.'],
  ],
];

export const GROUP_CHAT: readonly (readonly ['D' | 'P1' | 'P2', string])[] = [
  ['D', 'Hola a todos, salimos puntual a las {time} desde la terminal.'],
  ['P1', '¡Perfecto, gracias!'],
  ['P2', 'Ahí estaré.'],
  ['D', 'Cualquier cosa me escriben por acá.'],
];

export const NOTIFICATION_TEXTS = {
  requestReceived: '{name} quiere subirse a tu viaje a {to}.',
  requestAccepted: '{name} aceptó tu solicitud para el viaje a {to}.',
  requestRejected: '{name} rechazó tu solicitud para el viaje a {to}.',
  paymentPending: 'Tu lugar en el viaje a {to} está reservado: pagá el asiento para confirmarlo.',
  passengerLeft: '{name} se bajó de tu viaje a {to}.',
  friendRequest: '{name} te envió una solicitud de amistad.',
  friendAccepted: '{name} aceptó tu solicitud de amistad.',
  subscriptionMatch: 'Hay un nuevo viaje de {from} a {to} que coincide con tu búsqueda.',
  pendingRating: 'Tenés calificaciones pendientes de tu viaje a {to}.',
  newMessage: '{name} te envió un mensaje.',
} as const;

/** Replaces {key} placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
