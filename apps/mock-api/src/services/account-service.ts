import { randomBytes } from 'node:crypto';
import { RegistrationBodySchema, type AppConfig, type FieldErrors } from '@carpool/contracts';
import bcrypt from 'bcryptjs';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { arDay } from '../lib/dates';
import { addFieldError, normalizeForm, requiredMessage, takenMessage, toFieldErrors } from '../lib/form';
import type { Transaction } from '../repositories/index';
import type { UserRepository } from '../repositories/user-repository';
import type { AuthService } from './auth-service';
import type { MailService } from './mail-service';
import type { UploadDescriptor, UploadService } from './upload-service';
import {
  BCRYPT_ROUNDS,
  SELF_ACCESS,
  normalizeBank,
  requireBankData,
  rethrowTaken,
  type ReceivedFiles,
  type UserService,
} from './user-service';

/** Password-reset links work for 24 hours. */
export const RESET_TOKEN_TTL_MS = 24 * 3_600_000;

const newToken = () => randomBytes(24).toString('hex');
const invalidToken = () => new AppError('invalid_token', { message: 'Token invalido' });

type Deps = {
  users: UserRepository;
  transaction: Transaction;
  uploads: UploadService;
  mail: MailService;
  auth: AuthService;
  profiles: UserService;
  clock: Clock;
  config: AppConfig;
};

/** Registration, activation, password reset, and the social logins that no longer work. */
export function createAccountService({ users, transaction, uploads, mail, auth, profiles, clock, config }: Deps) {
  return {
    /**
     * POST /api/users (multipart). Every rule of spec document 1 §5 Register, plus what only the
     * server knows (taken e-mail, today's date, module_validated_drivers). The account starts
     * inactive and an activation e-mail goes out in the same transaction: when anything fails,
     * no user row, file or e-mail is left.
     */
    async register(rawBody: unknown, received: ReceivedFiles) {
      const form = normalizeForm(rawBody);
      if (typeof form.email === 'string') form.email = form.email.trim().toLowerCase();
      const parsed = RegistrationBodySchema.safeParse(form);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues, form);

      if (typeof form.email === 'string' && !errors.email && (await users.isTaken('email', form.email))) {
        addFieldError(errors, 'email', takenMessage('email'));
      }
      if (typeof form.birthday === 'string' && !errors.birthday && form.birthday > arDay(clock.now())) {
        addFieldError(errors, 'birthday', 'La fecha de nacimiento no puede ser posterior a hoy.');
      }
      if (!parsed.success) throw AppError.fields(errors);
      const body = parsed.data;

      const bank = normalizeBank(body, errors);
      const files: UploadDescriptor[] = [];
      body.driver_data_docs?.forEach((item, index) => {
        if (received.isReceived(item)) files.push(item);
        else addFieldError(errors, `driver_data_docs.${index}`, 'The driver data docs must be a file.');
      });
      if (config.module_validated_drivers && body.user_be_driver) {
        requireBankData({ account_number: body.account_number, ...bank }, errors);
        if (files.length === 0) addFieldError(errors, 'driver_data_docs', requiredMessage('driver_data_docs'));
      }
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);

      const password = await bcrypt.hash(body.password, BCRYPT_ROUNDS);
      const activationToken = newToken();
      const now = clock.now();
      let kept: Awaited<ReturnType<UploadService['keepDocuments']>> = [];
      let userId: number;
      try {
        userId = await transaction(async (repos) => {
          const repo = repos.users;
          const user = await repo.create({
            email: body.email,
            password,
            name: body.name,
            birthday: body.birthday ?? null,
            account_number: body.account_number ?? null,
            account_type: bank.account_type ?? null,
            account_bank: bank.account_bank ?? null,
            active: false,
            activation_token: activationToken,
            created_at: now,
          });
          kept = await uploads.keepDocuments(files, user.id);
          for (const file of kept) await repo.addFile({ user_id: user.id, kind: 'driver_doc', path: file.path, mime: file.mime, size: file.size });
          if (kept.length > 0) await repo.update(user.id, { driver_data_docs: JSON.stringify(kept.map((file) => file.name)) });
          await mail.send(mail.activationMail(user, activationToken), repos.mail);
          return user.id;
        });
      } catch (error) {
        await uploads.remove(kept.map((file) => file.path));
        rethrowTaken(error, ['email']);
      }
      return profiles.profileOf(userId, SELF_ACCESS);
    },

    /** POST /api/activate/:token: activates and logs in (the token is used up). */
    async activate(token: string) {
      const user = await users.findByActivationToken(token);
      if (!user || user.active) throw invalidToken();
      if (user.banned) throw new AppError('user_banned', { message: 'user_banned' });
      await users.update(user.id, { active: true, activation_token: null, last_connection: clock.now() });
      return { token: auth.issueToken(user), config };
    },

    /** POST /api/reset-password: e-mails a 24-hour link (replacing any earlier one). */
    async requestPasswordReset(email: string) {
      const user = await users.findByEmail(email.trim().toLowerCase());
      if (!user) throw new AppError('user_not_found', { message: 'El e-mail ingresado no pertenece a ningún usuario.' });
      const token = newToken();
      await transaction(async (repos) => {
        await repos.users.replaceResetToken(user.id, token, clock.now());
        await mail.send(mail.resetMail(user, token), repos.mail);
      });
      return { data: 'ok' };
    },

    /** POST /api/change-password/:token: sets the new password; unknown, used or expired tokens fail. */
    async changePassword(token: string, password: string) {
      const reset = await users.findResetToken(token);
      if (!reset) throw invalidToken();
      if (clock.now().getTime() - reset.created_at.getTime() > RESET_TOKEN_TTL_MS) {
        await users.deleteResetTokens(reset.user_id);
        throw invalidToken();
      }
      const hash = await bcrypt.hash(password, BCRYPT_ROUNDS);
      await transaction(async (repos) => {
        const repo = repos.users;
        await repo.update(reset.user_id, { password: hash });
        await repo.deleteResetTokens(reset.user_id);
      });
      return { data: 'ok' };
    },

    /** The social providers no longer log anyone in (spec §1): every social call says so. */
    socialUnavailable(): never {
      throw new AppError('social_login_unavailable', {
        message:
          'El ingreso con redes sociales ya no está disponible. Escribí a la mesa de ayuda ' +
          `(${config.admin_email}) para pasar tu cuenta a un ingreso con e-mail y contraseña.`,
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
