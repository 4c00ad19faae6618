import '@mantine/core/styles/PasswordInput.css';
import { Button, Checkbox, Fieldset, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LENGTHS, SEARCH, type AdminUserUpdateBody, type User } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useBankData } from '@/lib/bank-data';
import { nowInArgentina } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useModifyUser } from '../api/admin-users';
import { AdminDateInput } from './admin-date-input';

const flag = (value: unknown) => value === 1 || value === true;

type Values = {
  name: string;
  email: string;
  description: string;
  private_note: string;
  nro_doc: string;
  mobile_phone: string;
  birthday: string;
  patente: string;
  car_description: string;
  driver_is_verified: boolean;
  active: boolean;
  banned: boolean;
  account_number: string;
  account_type: string | null;
  account_bank: string | null;
  password: string;
  password_confirmation: string;
};

const valuesOf = (user: User): Values => ({
  name: user.name,
  email: user.email ?? '',
  description: user.description ?? '',
  private_note: user.private_note ?? '',
  nro_doc: user.nro_doc ?? '',
  mobile_phone: user.mobile_phone ?? '',
  birthday: user.birthday ?? '',
  patente: user.cars?.[0]?.patente ?? '',
  car_description: user.cars?.[0]?.description ?? '',
  driver_is_verified: flag(user.driver_is_verified),
  active: flag(user.active),
  banned: flag(user.banned),
  account_number: user.account_number ?? '',
  account_type: user.account_type ?? null,
  account_bank: user.account_bank ?? null,
  password: '',
  password_confirmation: '',
});

/** Every message of a failed save, for 'Error al actualizar: …'. */
function serverMessages(error: unknown): string {
  if (!isApiError(error)) return '';
  const fields = Object.values(error.fieldErrors).flat();
  if (fields.length) return fields.join(' ');
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : (error.code ?? '');
}

/** Spec document 1 §5 Admin user edit: profile, private note, driver status, bank data, flags and a password. */
export function AdminUserForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const { t } = useTranslation();
  const bankData = useBankData();
  const modify = useModifyUser();
  const tooLong = (max: number) => (value: string) => (value.length > max ? t('adminArea.users.tooLong', { max }) : null);
  const form = useForm<Values>({
    initialValues: valuesOf(user),
    validate: {
      name: (value) => (!value.trim() ? t('adminArea.users.required') : value.length > LENGTHS.userName ? t('adminArea.users.nameTooLong', { max: LENGTHS.userName }) : null),
      email: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : t('adminArea.users.emailInvalid')),
      description: tooLong(LENGTHS.adminDescription),
      private_note: tooLong(LENGTHS.privateNote),
      patente: (value) => (value.length > LENGTHS.patente ? t('patenteLarga', { max: LENGTHS.patente }) : null),
      car_description: tooLong(LENGTHS.carDescription),
      password: (value) => (value && value.length < LENGTHS.passwordMin ? t('adminArea.users.passwordShort', { min: LENGTHS.passwordMin }) : null),
      password_confirmation: (value, values) => (values.password && value !== values.password ? t('passwordNoCoincide') : null),
    },
  });

  const submit = form.onSubmit(
    (values) => {
      const body: AdminUserUpdateBody = {
        user: { id: user.id },
        email: values.email.trim(),
        description: values.description,
        private_note: values.private_note,
        nro_doc: values.nro_doc || null,
        mobile_phone: values.mobile_phone || null,
        birthday: values.birthday || null,
        driver_is_verified: values.driver_is_verified,
        active: values.active,
        banned: values.banned,
        account_number: values.account_number || null,
        account_type: values.account_type,
        account_bank: values.account_bank,
        ...(values.name !== user.name && { name: values.name.trim() }),
        ...((values.patente || user.cars?.length) && { patente: values.patente, car_description: values.car_description }),
        ...(values.password && { password: values.password, password_confirmation: values.password_confirmation }),
      };
      modify.mutate(body, {
        onSuccess: (saved) => {
          toast.success(t('perfilActualizado'));
          form.setValues({ ...valuesOf(saved) });
          form.resetDirty();
          onSaved(saved);
        },
        onError: (error) => toast.error(t('errorAlActualizar', { messages: serverMessages(error) })),
      });
    },
    () => toast.error(t('verifiqueLosCampos')),
  );

  const options = (list: Array<{ id: string; name: string }> | undefined) => (list ?? []).map((item) => ({ value: item.id, label: item.name }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('adminArea.users.edit', { name: user.name })}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('adminArea.users.name')} maxLength={LENGTHS.userName + 20} {...form.getInputProps('name')} />
          <TextInput label={t('adminArea.users.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('adminArea.users.nroDoc')} inputMode="numeric" {...form.getInputProps('nro_doc')} />
          <TextInput label={t('adminArea.users.phone')} inputMode="tel" {...form.getInputProps('mobile_phone')} />
          <AdminDateInput
            label={t('adminArea.users.birthday')}
            value={form.values.birthday}
            onChange={(birthday) => form.setFieldValue('birthday', birthday)}
            minDate={SEARCH.minBirthDate}
            maxDate={nowInArgentina().format('YYYY-MM-DD')}
            error={form.errors.birthday as string | undefined}
          />
        </SimpleGrid>
        <Textarea label={t('adminArea.users.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <Textarea label={t('adminArea.users.privateNote')} autosize minRows={2} {...form.getInputProps('private_note')} />
        <Fieldset legend={t('adminArea.users.driverLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('adminArea.users.patente')} {...form.getInputProps('patente')} />
            <TextInput label={t('adminArea.users.carDescription')} {...form.getInputProps('car_description')} />
          </SimpleGrid>
          <Group mt="sm">
            <Checkbox label={t('adminArea.users.isDriver')} {...form.getInputProps('driver_is_verified', { type: 'checkbox' })} />
            <Checkbox label={t('adminArea.users.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
            <Checkbox label={t('adminArea.users.banned')} {...form.getInputProps('banned', { type: 'checkbox' })} />
          </Group>
        </Fieldset>
        <Fieldset legend={t('adminArea.users.bankLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t('adminArea.users.accountNumber')} {...form.getInputProps('account_number')} />
            <Select label={t('adminArea.users.accountType')} data={options(bankData.data?.cc)} clearable {...form.getInputProps('account_type')} />
            <Select label={t('adminArea.users.accountBank')} data={options(bankData.data?.banks)} clearable searchable {...form.getInputProps('account_bank')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('adminArea.users.passwordLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput label={t('adminArea.users.password')} autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label={t('adminArea.users.passwordConfirmation')} autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={modify.isPending}>
            {t('adminArea.users.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
