/**
 * Texts of the installed app (install the app, notifications on this device, the back control). Spread into
 * the Argentine translation. The spec names the install modal's buttons (Install, Understood, Don't
 * show again) and the iOS warning; the wording is ours.
 */
export const devicesArg = {
  installApp: {
    title: 'Instalá {{app}} en tu iPhone',
    text: 'Agregala a tu pantalla de inicio para abrirla como una app y recibir avisos de tus viajes y mensajes.',
    stepsTitle: 'Cómo instalarla',
    step1: 'Tocá el botón Compartir de Safari (el cuadrado con una flecha hacia arriba).',
    step2: 'Elegí «Agregar a inicio».',
    step3: 'Tocá «Agregar» y abrí {{app}} desde tu pantalla de inicio.',
    install: 'Instalar',
    understood: 'Entendido',
    dontShowAgain: 'No mostrar más',
    close: 'Cerrar',
  },
  iosNotifications: {
    title: 'Activá las notificaciones',
    text: 'En iPhone las notificaciones se activan desde la app instalada: tocá «Activar notificaciones» para enterarte de tus viajes y mensajes.',
    denied: 'Las notificaciones están bloqueadas. Podés activarlas en Ajustes › Notificaciones › {{app}}.',
    enable: 'Activar notificaciones',
    close: 'Cerrar aviso de notificaciones',
  },
  headerActions: {
    notificationSettings: 'Ajustes de notificaciones',
  },
  pushCard: {
    title: 'Avisos en este dispositivo',
    text: 'Recibí una notificación cuando alguien pida un asiento, te acepte o te escriba, aunque no tengas la app abierta.',
    enable: 'Activar notificaciones',
  },
};
