import '@mantine/core/styles/PasswordInput.css';
import { Anchor, Button, Checkbox, Collapse, Fieldset, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LENGTHS, type User } from '@carpool/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DriverRequestFields } from '@/components/driver-request-fields';
import { paths } from '@/config/paths';
import { translateErrors } from '@/lib/account-rules';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { scrollToFirstError, serverFieldProblem } from '@/lib/forms';
import { maskDate } from '@/lib/masks';
import { toast } from '@/lib/toast';
import { useRegister } from '../api/register';
import { createAntiBotToken } from '../utils/anti-bot';
import { discardRegisterDraft, readRegisterDraft, saveRegisterDraft } from '../utils/register-draft';
import {
  EMPTY_REGISTER_VALUES,
  toRegistrationBody,
  validateRegister,
  type RegisterField,
  type RegisterValues,
} from '../utils/register-rules';

/** Wire field of POST /api/users → form field, for the provider's field errors. */
const SERVER_FIELDS: Record<string, RegisterField> = {
  email: 'email',
  password: 'password',
  password_confirmation: 'passwordConfirmation',
  name: 'firstName',
  birthday: 'birthday',
  terms_and_conditions: 'terms',
  driver_data_docs: 'docs',
  account_bank: 'accountBank',
  account_type: 'accountType',
  account_number: 'accountNumber',
};

const PROBLEM_KEYS = { taken: 'yaRegistrado', required: 'campoObligatorio', invalid: 'datoInvalido' } as const;

type RegisterFormProps = { onRegistered: (user: User) => void };

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const driverModule = config.module_validated_drivers;
  const location = useLocation();
  const formId = useId();
  const registerMutation = useRegister();
  const [initialValues] = useState(() => readRegisterDraft(location.key) ?? EMPTY_REGISTER_VALUES);
  // One anti-bot token per form (see createAntiBotToken: a captcha answer goes here).
  const [antiBotToken] = useState(createAntiBotToken);

  const form = useForm<RegisterValues>({
    initialValues,
    validate: (values) => translateErrors(validateRegister(values, { driverModule }), t),
  });

  const showErrors = (toastKey: string) => {
    toast.error(t(toastKey));
    scrollToFirstError(document.getElementById(formId));
  };

  const handleFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      const emailErrors = error.fieldErrors.email ?? [];
      // Spec document 2 §8: an e-mail error containing 'been taken' is mailEnUso, on the field and as a toast.
      if (emailErrors.some((text) => text.includes('been taken'))) {
        form.setFieldError('email', t('mailEnUso'));
        showErrors('mailEnUso');
        return;
      }
      for (const [wireField, messages] of Object.entries(error.fieldErrors)) {
        const field = SERVER_FIELDS[wireField.replace(/\.\d+$/, '')];
        if (field) form.setFieldError(field, t(PROBLEM_KEYS[serverFieldProblem(messages)]));
      }
      showErrors('debeCorregirCampos');
      return;
    }
    toast.error(t('errorRegistro'));
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        const user = await registerMutation.mutateAsync(toRegistrationBody(values, { driverModule, token: antiBotToken }));
        discardRegisterDraft();
        onRegistered(user);
      } catch (error) {
        handleFailure(error);
      }
    },
    () => showErrors('debeCorregirCampos'),
  );

  const keepDraftForTerms = () => saveRegisterDraft(location.key, form.getValues());
  const { values } = form;

  return (
    <form id={formId} onSubmit={submit} noValidate aria-busy={registerMutation.isPending}>
      <Stack>
        <TextInput
          label={t('register.email')}
          type="email"
          autoComplete="email"
          maxLength={LENGTHS.email}
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('register.emailConfirmation')}
          type="email"
          autoComplete="off"
          maxLength={LENGTHS.email}
          required
          {...form.getInputProps('emailConfirmation')}
        />
        <PasswordInput
          label={t('register.password')}
          description={t('register.passwordHelp', { min: LENGTHS.passwordMin })}
          autoComplete="new-password"
          maxLength={LENGTHS.password}
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('register.passwordConfirmation')}
          autoComplete="new-password"
          maxLength={LENGTHS.password}
          required
          {...form.getInputProps('passwordConfirmation')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            maxLength={LENGTHS.userName}
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            maxLength={LENGTHS.userName}
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('register.birthday')}
          placeholder={t('register.birthdayPlaceholder')}
          description={t('register.birthdayHelp')}
          inputMode="numeric"
          autoComplete="bday"
          maxLength={10}
          {...form.getInputProps('birthday')}
          onChange={(event) => form.setFieldValue('birthday', maskDate(event.currentTarget.value))}
        />

        {driverModule && (
          <Fieldset legend={t('register.driverLegend')} variant="filled" radius="md">
            <Stack gap="sm">
              <Checkbox
                label={t('register.driver')}
                description={t('register.driverHelp')}
                {...form.getInputProps('driver', { type: 'checkbox' })}
              />
              <Collapse in={values.driver}>
                {values.driver && (
                  <DriverRequestFields
                    required
                    docs={form.getInputProps('docs')}
                    bank={form.getInputProps('accountBank')}
                    accountType={form.getInputProps('accountType')}
                    accountNumber={form.getInputProps('accountNumber')}
                  />
                )}
              </Collapse>
            </Stack>
          </Fieldset>
        )}

        <Checkbox
          {...form.getInputProps('terms', { type: 'checkbox' })}
          label={
            <>
              {t('register.termsPrefix')}{' '}
              <Anchor component={Link} to={paths.terms} state={{ from: 'register' }} onClick={keepDraftForTerms} inherit underline="always">
                {t('register.termsLink')}
              </Anchor>
            </>
          }
        />

        <Button type="submit" size="md" fullWidth disabled={!values.terms} loading={registerMutation.isPending}>
          {t('register.submit')}
        </Button>
        {!values.terms && (
          <Text size="xs" c="dimmed" ta="center">
            {t('register.acceptTermsFirst')}
          </Text>
        )}
        <Group justify="center" gap={4}>
          <Text size="sm">{t('register.haveAccount')}</Text>
          <Anchor component={Link} to={paths.login} size="sm" fw={600}>
            {t('register.login')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
