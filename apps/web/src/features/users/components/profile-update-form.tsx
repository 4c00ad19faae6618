import '@mantine/core/styles/PasswordInput.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Fieldset,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { FULL_NAME_MAX, LENGTHS, ProfileUpdateBodySchema, type ProfileUpdateBody, type User } from '@carpool/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DriverRequestFields } from '@/components/driver-request-fields';
import { translateErrors } from '@/lib/account-rules';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { errorMessageKey } from '@/lib/errors';
import { scrollToFirstError, serverFieldProblem } from '@/lib/forms';
import { digitsOnly } from '@/lib/masks';
import { isProfileComplete } from '@/lib/session';
import { toast } from '@/lib/toast';
import { isFlagSet } from '@/lib/trip-display';
import { useUpdatePhoto } from '../api/update-photo';
import { useUpdateProfile } from '../api/update-profile';
import { isNameLocked, profileValuesOf, toProfileBody, validateProfile, type ProfileField, type ProfileValues } from '../utils/profile-rules';
import { PhotoField } from './photo-field';

/** Wire field of the profile update → form field, for the provider's field errors. */
const SERVER_FIELDS: Record<string, ProfileField> = {
  name: 'name',
  description: 'description',
  nro_doc: 'nroDoc',
  mobile_phone: 'phone',
  patente: 'patente',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  unaswered_messages_limit: 'messagesLimit',
  driver_data_docs: 'docs',
  account_bank: 'accountBank',
  account_type: 'accountType',
  account_number: 'accountNumber',
};

/** Spec document 2 §8 Profile: a taken document or phone is "already registered". */
const TAKEN_KEYS: Partial<Record<ProfileField, string>> = { nroDoc: 'documentoYaRegistrado', phone: 'telefonoYaRegistrado' };
const PROBLEM_KEYS = { taken: 'yaRegistrado', required: 'campoObligatorio', invalid: 'datoInvalido' } as const;

type ProfileUpdateFormProps = {
  user: User;
  onSaved: (user: User) => void;
  /**
   * The profile-complete guard sent the user here on the way to another page: say why and what is
   * missing ('trip': on the way to a trip, i.e. to ask for a seat).
   */
  guarded?: 'trip' | 'page';
};

export function ProfileUpdateForm({ user, onSaved, guarded }: ProfileUpdateFormProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const formId = useId();
  const [pendingPhoto, setPendingPhoto] = useState<string | null>(null);
  const [initialDocs] = useState(() => user.driver_data_docs ?? []);
  const updatePhoto = useUpdatePhoto();
  const updateProfile = useUpdateProfile();

  const context = {
    nameLocked: isNameLocked(user),
    driverModule: config.module_validated_drivers,
    verifiedDriver: isFlagSet(user.driver_is_verified),
    hasPhoto: Boolean(user.image || pendingPhoto),
  };

  const form = useForm<ProfileValues>({
    initialValues: profileValuesOf(user),
    validate: (values) => translateErrors(validateProfile(values, context), t),
  });
  const { values } = form;
  const photoError = form.errors.photo;

  const showErrors = (key: string) => {
    toast.error(t(key));
    scrollToFirstError(document.getElementById(formId));
  };

  const handleFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
      for (const [wireField, messages] of Object.entries(error.fieldErrors)) {
        const field = SERVER_FIELDS[wireField.replace(/\.\d+$/, '')];
        if (!field) continue;
        const problem = serverFieldProblem(messages);
        const key =
          problem === 'taken'
            ? (TAKEN_KEYS[field] ?? PROBLEM_KEYS.taken)
            : field === 'passwordConfirmation'
              ? 'passwordNoCoincide'
              : field === 'name' && context.nameLocked
                ? 'nombreBloqueado'
                : PROBLEM_KEYS[problem];
        form.setFieldError(field, t(key));
      }
      showErrors('faltanCampos');
      return;
    }
    toast.error(t(errorMessageKey(error, 'errorGuardarPerfil')));
  };

  /** The body as the contract reads it (the new documents are files here; the form's rules check them). */
  const contractProblems = (body: ProfileUpdateBody): ProfileField[] => {
    const checked = ProfileUpdateBodySchema.safeParse({ ...body, driver_data_docs: undefined });
    if (checked.success) return [];
    return checked.error.issues.flatMap((issue) => {
      const field = SERVER_FIELDS[String(issue.path[0] ?? '')];
      return field ? [field] : [];
    });
  };

  // A save the server refuses changes nothing: the photo goes up only after the profile is saved.
  const save = form.onSubmit(
    async (valid) => {
      const body = toProfileBody(valid, context, initialDocs);
      const problems = contractProblems(body);
      if (problems.length > 0) {
        problems.forEach((field) => form.setFieldError(field, t(PROBLEM_KEYS.invalid)));
        showErrors('faltanCampos');
        return;
      }
      let saved: User;
      try {
        saved = await updateProfile.mutateAsync(body);
      } catch (error) {
        handleFailure(error);
        return;
      }
      form.setValues({ password: '', passwordConfirmation: '', docs: [], storedDocs: saved.driver_data_docs ?? valid.storedDocs });
      form.resetDirty();
      if (pendingPhoto) {
        try {
          saved = await updatePhoto.mutateAsync(pendingPhoto);
          setPendingPhoto(null);
        } catch {
          // The profile is saved, the photo is not: say so, and keep the chosen photo to try again.
          toast.error(t('profileUpdate.photoNotSaved'));
          return;
        }
      }
      toast.success(t('profileUpdate.saved'));
      onSaved(saved);
    },
    (errors) => {
      // Spec: a save without a photo says the image is required; any other error, the missing-fields message.
      const onlyPhoto = Object.keys(errors).every((field) => field === 'photo');
      showErrors(onlyPhoto ? 'imagenObligatoria' : 'faltanCampos');
    },
  );

  const saving = updatePhoto.isPending || updateProfile.isPending;
  const showDriverBlock = context.driverModule;

  return (
    <form id={formId} onSubmit={save} noValidate aria-busy={saving}>
      <Stack gap="lg">
        {!isProfileComplete(user) && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title={t('profileUpdate.nudgeTitle')}>
            {guarded
              ? t(guarded === 'trip' ? 'profileUpdate.guardReasonTrip' : 'profileUpdate.guardReason', {
                  missing: [!user.image && t('profileUpdate.missingPhoto'), !user.description?.trim() && t('profileUpdate.missingDescription')]
                    .filter(Boolean)
                    .join(t('profileUpdate.missingAnd')),
                })
              : t('profileUpdate.nudge')}
          </Alert>
        )}

        <PhotoField
          name={values.name || user.name}
          image={user.image}
          pending={pendingPhoto}
          onChange={(dataUrl) => {
            setPendingPhoto(dataUrl);
            form.clearFieldError('photo');
          }}
          error={photoError ? String(photoError) : null}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('profileUpdate.name')}
            description={context.nameLocked ? t('profileUpdate.nameLocked') : t('profileUpdate.nameOnce')}
            disabled={context.nameLocked}
            maxLength={context.nameLocked ? undefined : FULL_NAME_MAX}
            autoComplete="name"
            required
            {...form.getInputProps('name')}
          />
          <TextInput label={t('profileUpdate.email')} value={user.email ?? ''} readOnly variant="filled" description={t('profileUpdate.emailReadOnly')} />
        </SimpleGrid>

        <Textarea
          label={t('profileUpdate.description')}
          description={t('profileUpdate.descriptionHelp', { min: LENGTHS.userDescriptionMinNonSpace })}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={LENGTHS.userDescription}
          required
          {...form.getInputProps('description')}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-12} aria-live="polite">
          {t('profileUpdate.charCount', { count: values.description.length, max: LENGTHS.userDescription })}
        </Text>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('words.document')}
            description={t('profileUpdate.documentHelp', { min: LENGTHS.nroDocMin, max: LENGTHS.nroDocMax })}
            inputMode="numeric"
            maxLength={LENGTHS.nroDocMax}
            required
            {...form.getInputProps('nroDoc')}
            onChange={(event) => form.setFieldValue('nroDoc', digitsOnly(event.currentTarget.value))}
          />
          <TextInput
            label={t('profileUpdate.phone')}
            description={t('profileUpdate.phoneHelp')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={LENGTHS.phoneMax}
            required
            {...form.getInputProps('phone')}
            onChange={(event) => form.setFieldValue('phone', digitsOnly(event.currentTarget.value))}
          />
        </SimpleGrid>

        <Stack gap="xs">
          <Checkbox
            label={t('profileUpdate.dataVisibility')}
            description={t('profileUpdate.dataVisibilityHelp')}
            {...form.getInputProps('dataVisibility', { type: 'checkbox' })}
          />
          <Checkbox label={t('profileUpdate.emailsNotifications')} {...form.getInputProps('emailsNotifications', { type: 'checkbox' })} />
        </Stack>

        <TextInput
          label={t('profileUpdate.messagesLimit')}
          description={t('profileUpdate.messagesLimitHelp')}
          inputMode="numeric"
          maxLength={3}
          w={{ base: '100%', sm: '50%' }}
          {...form.getInputProps('messagesLimit')}
          onChange={(event) => form.setFieldValue('messagesLimit', digitsOnly(event.currentTarget.value))}
        />

        {showDriverBlock && (
          <Fieldset legend={t('profileUpdate.driverLegend')} radius="md">
            <Stack gap="sm">
              <TextInput
                label={t('profileUpdate.patente')}
                maxLength={LENGTHS.patente}
                autoCapitalize="characters"
                {...form.getInputProps('patente')}
              />
              {context.verifiedDriver ? (
                <Group gap="xs">
                  <Badge color="teal" variant="light" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
                    {t('profile.verifiedDriver')}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {t('profileUpdate.verifiedHelp')}
                  </Text>
                </Group>
              ) : (
                <Checkbox
                  label={t('register.driver')}
                  description={t('register.driverHelp')}
                  {...form.getInputProps('driver', { type: 'checkbox' })}
                />
              )}
              <Collapse in={values.driver || context.verifiedDriver}>
                {(values.driver || context.verifiedDriver) && (
                  <DriverRequestFields
                    required
                    docs={values.driver ? form.getInputProps('docs') : undefined}
                    storedDocs={values.storedDocs}
                    onRemoveStoredDoc={(name) => form.setFieldValue('storedDocs', values.storedDocs.filter((doc) => doc !== name))}
                    bank={form.getInputProps('accountBank')}
                    accountType={form.getInputProps('accountType')}
                    accountNumber={form.getInputProps('accountNumber')}
                  />
                )}
              </Collapse>
            </Stack>
          </Fieldset>
        )}

        <Divider />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profileUpdate.passwordTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profileUpdate.passwordHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={t('profileUpdate.newPassword')}
              autoComplete="new-password"
              maxLength={LENGTHS.password}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('profileUpdate.newPasswordConfirmation')}
              autoComplete="new-password"
              maxLength={LENGTHS.password}
              {...form.getInputProps('passwordConfirmation')}
            />
          </SimpleGrid>
        </Stack>

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving} miw={180}>
            {t('profileUpdate.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
