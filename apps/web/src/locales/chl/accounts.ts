import type { TranslationOverrides } from '../arg/translation';

/** Chile: the accounts texts that differ (tuteo, RUT, móvil, vehículo). Spread into `chl` by translation.ts. */
export const accounts: TranslationOverrides = {
  ingreseEmailValido: 'Ingresa un e-mail válido.',
  fechaInvalida: 'Ingresa una fecha válida con el formato DD/MM/AAAA.',
  datoInvalido: 'Revisa este dato.',
  descripcionCorta: 'Cuéntanos un poco más: al menos {{min}} caracteres, sin contar los espacios.',
  soloNumeros: 'Ingresa solo números.',
  documentoInvalido: 'El RUT tiene que tener entre {{min}} y {{max}} números.',
  telefonoCorto: 'El móvil tiene que tener al menos {{min}} números.',
  imagenObligatoria: 'Tienes que subir una foto de perfil.',
  faltanCampos: 'Faltan completar campos o hay datos incorrectos. Revisa los campos marcados.',
  documentoYaRegistrado: 'Ese RUT ya está registrado en otra cuenta.',
  telefonoYaRegistrado: 'Ese móvil ya está registrado en otra cuenta.',
  errorGuardarPerfil: 'No pudimos guardar tu perfil. Vuelve a intentarlo.',
  driverRequest: {
    docsHelp:
      'Foto de tu RUT, licencia de conducir y permiso de circulación del vehículo. Imágenes (JPG, PNG o WebP) o PDF de hasta {{mb}} MB cada uno.',
    docsPlaceholder: 'Elige uno o más archivos',
    choose: 'Elige una opción',
    bankDataError: 'No pudimos cargar la lista de bancos. Recarga la página para volver a intentarlo.',
  },
  register: {
    title: 'Crea tu cuenta',
    subtitle: 'Regístrate para viajar compartiendo con {{app}}.',
    emailConfirmation: 'Repite tu e-mail',
    passwordConfirmation: 'Repite la contraseña',
    driverHelp: 'Para publicar viajes como conductor tienes que enviar tu documentación y tus datos bancarios.',
    acceptTermsFirst: 'Acepta los términos y condiciones para continuar.',
    haveAccount: '¿Ya tienes cuenta?',
    login: 'Ingresa',
    checkEmailHelp: 'Abre el enlace del e-mail y podrás ingresar. Si no lo ves, revisa la carpeta de correo no deseado.',
  },
  activation: {
    done: 'Ya ingresaste. Completa tu perfil para empezar a viajar.',
    invalidHelp: 'El enlace ya se usó o no es válido. Si ya activaste tu cuenta, ingresa con tu e-mail y contraseña.',
  },
  passwordReset: {
    title: 'Recupera tu contraseña',
    intro: 'Ingresa el e-mail de tu cuenta y te enviamos un enlace para crear una contraseña nueva.',
    sentTitle: 'Revisa tu correo',
    newTitle: 'Elige una contraseña nueva',
    newPasswordConfirmation: 'Repite la contraseña nueva',
    changed: 'Listo, cambiaste tu contraseña. Ya puedes ingresar.',
    requestAgain: 'Pide un enlace nuevo',
  },
  localOutbox: {
    text: 'Este servidor no envía correos: los guarda en su bandeja local de prueba. Ábrela para seguir el enlace.',
  },
  profileUpdate: {
    nudgeTitle: 'Completa tu perfil',
    nudge: 'Agrega una foto y cuenta algo sobre ti: así los demás usuarios te conocen y se animan a viajar contigo.',
    photoWrongType: 'Elige una imagen JPG, PNG, WebP o GIF.',
    photoNotSaved: 'Tu perfil se guardó, pero la foto no: prueba subirla de nuevo.',
    guardReason: 'Para seguir necesitas tu perfil completo. Te falta {{missing}}. Cuando lo guardes, te llevamos de vuelta a donde estabas.',
    guardReasonTrip: 'Para pedir un asiento completa tu perfil: te falta {{missing}}. Cuando lo guardes, vuelves al viaje.',
    missingDescription: 'contar algo sobre ti en «Sobre mí»',
    nameOnce: 'Revísalo bien: después de completar tu perfil no se puede cambiar.',
    descriptionHelp: 'Cuenta a qué te dedicas, qué te gusta o cómo eres viajando (al menos {{min}} caracteres).',
    phone: 'Móvil',
    dataVisibility: 'Mostrar mi RUT, móvil y patente a todos los usuarios',
    dataVisibilityHelp: 'Si no lo marcas, solo los ven tus compañeros de viaje confirmados.',
    messagesLimitHelp: 'Cuántas consultas y solicitudes sin responder aceptas por viaje. Vacío: sin límite.',
    verifiedHelp: 'Mantén tus datos bancarios al día para recibir los pagos.',
    passwordHelp: 'Complétalo solo si quieres una contraseña nueva.',
    newPasswordConfirmation: 'Repite la contraseña nueva',
  },
  profile: {
    noDescriptionOwn: 'Todavía no escribiste nada sobre ti.',
    phone: 'Móvil',
  },
  onboarding: {
    cards: {
      welcome: { title: 'Viaja compartiendo' },
      search: {
        title: 'Busca tu viaje',
        text: 'Elige origen, destino y fecha, y pide un asiento al conductor. También puedes guardar la búsqueda y te avisamos cuando aparezca un viaje.',
      },
      publish: {
        title: 'Publica el tuyo',
        text: '¿Vas a manejar? Publica tu viaje con los asientos libres y comparte los gastos. ¿No tienes vehículo? Publica que buscas conductor.',
      },
      community: {
        title: 'Califica y suma confianza',
        text: 'Después de cada viaje, califica a tus compañeros. Las calificaciones y tu perfil completo hacen que todos viajemos más tranquilos.',
      },
    },
  },
  about: {
    environmentClaim:
      'Por cada kilómetro que compartes se dejan de emitir {{co2}} g de CO2 y se ahorran {{fuel}} l de combustible.',
    termsPrefix: 'Al usar la aplicación aceptas los',
  },
};
