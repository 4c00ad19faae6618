import type { TranslationOverrides } from '../arg/translation';
import { accounts } from './accounts';
import { bookingChl } from './booking';
import { tripsChl } from './trips';

/** Chile: only the words that differ from the Argentine wording (tuteo, vehículo, móvil, RUT). */
export const chl: TranslationOverrides = {
  debeActivarCuenta: 'Debes activar tu cuenta antes de ingresar. Revisa tu correo.',
  usuarioBanneado: 'Tu usuario fue suspendido. Escríbenos a la mesa de ayuda si crees que es un error.',
  debeCorregirCampos: 'Debes corregir los campos marcados.',
  errorRegistro: 'Ocurrió un error al registrarte. Vuelve a intentarlo.',
  usuarioRegistrado: '¡Te registraste correctamente! Ya puedes ingresar.',
  tienesQueSerConductor: 'Tienes que ser un conductor verificado para crear viajes.',
  problemaAlCargarElViaje: 'Hubo un problema al cargar el viaje. Vuelve a intentarlo.',
  asientosInvalidos: 'No puedes tener menos asientos que pasajeros subidos.',
  yaTienesSubscripcion: 'Ya tienes una alerta para esta búsqueda.',
  valorDonacion: 'Ingresa un valor de donación válido.',
  socialLoginNoDisponible:
    'Este inicio de sesión ya no funciona. Escribe a la mesa de ayuda para pasar tu cuenta a un ingreso con e-mail y contraseña.',
  errorGenerico: 'Ocurrió un error. Vuelve a intentarlo.',
  errorDeRed: 'No pudimos conectarnos con el servidor. Revisa tu conexión.',
  sesionExpirada: 'Tu sesión expiró. Vuelve a ingresar.',
  words: { car: 'vehículo', cars: 'vehículos', phone: 'móvil', document: 'RUT' },
  share: { title: 'Invita a tus amigos', text: 'Comparte este enlace para que tus amigos viajen con {{app}}.' },
  footer: { rights: '{{app}}: viaja compartiendo.' },
  underConstruction: { text: 'La página «{{page}}» todavía no está lista. Vuelve pronto.' },
  login: {
    title: 'Ingresa a tu cuenta',
    noAccount: '¿No tienes cuenta?',
    register: 'Regístrate',
    socialHelp: 'Escríbenos a <mail>{{email}}</mail> y te ayudamos a pasar tu cuenta a un ingreso con e-mail.',
    emailRequired: 'Ingresa tu e-mail.',
    passwordRequired: 'Ingresa tu contraseña.',
    loginToSee: 'Ingresa para ver los detalles de los viajes y pedir un asiento.',
  },
  trips: {
    title: '¿A dónde quieres ir?',
    subtitle: 'Encuentra viajes compartidos por todo {{country}}.',
    loginLink: 'Ingresa para ver más',
  },
  search: {
    abroadTooltip:
      'Los viajes con origen o destino en otro país pueden no estar cubiertos por el seguro del vehículo.',
  },
  ...accounts,
  ...tripsChl,
  ...bookingChl,
};
