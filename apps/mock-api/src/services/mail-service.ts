import { appTitle, sameCountry, type AppConfig } from '@carpool/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../lib/clock';
import type { MailRepository } from '../repositories/mail-repository';

export type Mail = { to: string; subject: string; text: string; html: string };

type Deps = {
  outbox: MailRepository;
  clock: Clock;
  config: AppConfig;
  publicUrl: string;
  /** SMTP transport URL; without it messages are built by nodemailer's JSON transport and stored in the outbox. */
  smtpUrl?: string;
  from?: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A short Spanish e-mail with one call to action, as text and as HTML. */
function compose(options: { to: string; subject: string; greeting: string; lines: string[]; action: string; url: string; footer: string[] }): Mail {
  const text = [options.greeting, '', ...options.lines, '', options.url, '', ...options.footer].join('\n');
  const html = [
    `<p>${escapeHtml(options.greeting)}</p>`,
    ...options.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.action)}</a></p>`,
    `<p style="color:#666">${options.footer.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return { to: options.to, subject: options.subject, text, html };
}

/**
 * The app's e-mail, through nodemailer: an SMTP transport when SMTP_URL is set, otherwise
 * nodemailer's JSON transport builds the message and it is stored in the local outbox
 * (GET /__mock/outbox lists it), so the demo and e2e can follow activation and reset links.
 */
export function createMailService({ outbox, clock, config, publicUrl, smtpUrl, from }: Deps) {
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  const sender = from ?? `"${appTitle(config.name_app)}" <no-responder@${sameCountry(config.osm_country, 'CL') ? 'carpool.cl' : 'carpool.ar'}>`;
  const base = publicUrl.replace(/\/+$/, '');
  const signature = [`El equipo de ${appTitle(config.name_app)}`, `¿Dudas? Escribinos a ${config.admin_email}.`];
  const activationLink = (token: string) => `${base}/app/activate/${encodeURIComponent(token)}`;
  const resetLink = (token: string) => `${base}/app/reset-password/${encodeURIComponent(token)}`;

  return {
    /** Sends (or stores) one message; `store` lets a caller keep the outbox write inside its transaction. */
    async send(mail: Mail, store: MailRepository = outbox): Promise<void> {
      const info = await transport.sendMail({ from: sender, ...mail });
      if (smtpUrl) return;
      const built = JSON.parse(String(info.message)) as { subject?: string; text?: string; html?: string };
      await store.store(
        { to: mail.to, subject: built.subject ?? mail.subject, text: built.text ?? mail.text, html: built.html ?? null },
        clock.now(),
      );
    },

    activationLink,
    resetLink,

    /** The local outbox, newest first, with the links of each message (for the demo and e2e). */
    async listOutbox(options: { to?: string; limit: number }) {
      const rows = await outbox.list(options);
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        created_at: row.created_at.toISOString(),
        links: [...row.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
      }));
    },

    activationMail(user: { email: string; name: string }, token: string): Mail {
      return compose({
        to: user.email,
        subject: `Activá tu cuenta de ${appTitle(config.name_app)}`,
        greeting: `¡Hola, ${user.name}!`,
        lines: [
          `Gracias por sumarte a ${appTitle(config.name_app)}, la comunidad para compartir viajes en ${config.country_name}.`,
          'Para activar tu cuenta, abrí este enlace:',
        ],
        action: 'Activar mi cuenta',
        url: activationLink(token),
        footer: ['Si no creaste una cuenta, ignorá este mensaje.', ...signature],
      });
    },

    resetMail(user: { email: string; name: string }, token: string): Mail {
      return compose({
        to: user.email,
        subject: `Restablecé tu contraseña de ${appTitle(config.name_app)}`,
        greeting: `¡Hola, ${user.name}!`,
        lines: [
          'Recibimos un pedido para restablecer la contraseña de tu cuenta.',
          'Para elegir una nueva, abrí este enlace (vale por 24 horas):',
        ],
        action: 'Elegir una nueva contraseña',
        url: resetLink(token),
        footer: ['Si no lo pediste, ignorá este mensaje: tu contraseña no cambia.', ...signature],
      });
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
