import { ActionIcon, Alert, FileInput, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconFileText, IconInfoCircle, IconX } from '@tabler/icons-react';
import { LENGTHS, UPLOADS } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { useBankData } from '@/lib/bank-data';
import { acceptOf } from '@/lib/forms';

type DriverRequestFieldsProps = {
  bank: GetInputPropsReturnType;
  accountType: GetInputPropsReturnType;
  accountNumber: GetInputPropsReturnType;
  /** New documents to upload (omit when only the bank data is asked, e.g. a verified driver). */
  docs?: GetInputPropsReturnType;
  /** Documents the server already keeps (file names), with a way to drop them. */
  storedDocs?: string[];
  onRemoveStoredDoc?: (name: string) => void;
  required?: boolean;
};

/**
 * The driver module's request (spec document 1 §2 Register and Profile update): documents plus the
 * bank data, whose lists come from GET /api/users/bank-data.
 */
export function DriverRequestFields({
  bank,
  accountType,
  accountNumber,
  docs,
  storedDocs = [],
  onRemoveStoredDoc,
  required = false,
}: DriverRequestFieldsProps) {
  const { t } = useTranslation();
  const bankData = useBankData();
  const options = (list: { id: string; name: string }[] | undefined) => (list ?? []).map(({ id, name }) => ({ value: id, label: name }));

  return (
    <Stack gap="sm">
      {docs && (
        <>
          {storedDocs.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('driverRequest.storedDocs')}
              </Text>
              {storedDocs.map((name) => (
                <Group key={name} gap="xs" wrap="nowrap">
                  <IconFileText size={16} aria-hidden />
                  <Text size="sm" truncate="end" style={{ flex: 1 }}>
                    {name}
                  </Text>
                  {onRemoveStoredDoc && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      onClick={() => onRemoveStoredDoc(name)}
                      aria-label={t('driverRequest.removeDoc', { name })}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
          )}
          <FileInput
            label={t('driverRequest.docs')}
            description={t('driverRequest.docsHelp', { mb: UPLOADS.maxFileBytes / (1024 * 1024) })}
            placeholder={t('driverRequest.docsPlaceholder')}
            multiple
            clearable
            accept={acceptOf(UPLOADS.documentTypes)}
            required={required && storedDocs.length === 0}
            leftSection={<IconFileText size={16} aria-hidden />}
            {...docs}
          />
        </>
      )}
      {bankData.isError && (
        <Alert color="red" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('driverRequest.bankDataError')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('driverRequest.bank')}
          placeholder={t('driverRequest.choose')}
          data={options(bankData.data?.banks)}
          searchable
          nothingFoundMessage={t('noHayResultados')}
          required={required}
          rightSection={bankData.isPending ? <Loader size="xs" aria-hidden /> : undefined}
          {...bank}
        />
        <Select
          label={t('driverRequest.accountType')}
          placeholder={t('driverRequest.choose')}
          data={options(bankData.data?.cc)}
          required={required}
          {...accountType}
        />
      </SimpleGrid>
      <TextInput
        label={t('driverRequest.accountNumber')}
        description={t('driverRequest.accountNumberHelp')}
        inputMode="numeric"
        maxLength={LENGTHS.bankField}
        required={required}
        {...accountNumber}
      />
    </Stack>
  );
}
