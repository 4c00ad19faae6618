import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { UPLOADS } from '@carpool/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptOf } from '@/lib/forms';
import { profileImageUrl } from '@/lib/runtime-config';
import { PhotoError, photoDataUrl } from '../utils/photo';

type PhotoFieldProps = {
  name: string;
  /** The stored photo (file name under /image/profile/). */
  image: string | null | undefined;
  /** A new photo chosen but not uploaded yet. */
  pending: string | null;
  onChange: (dataUrl: string) => void;
  error?: string | null;
};

/** The profile photo: preview, a button that opens the file picker, and the "photo required" error. */
export function PhotoField({ name, image, pending, onChange, error }: PhotoFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    try {
      onChange(await photoDataUrl(file));
    } catch (caught) {
      setProblem(
        caught instanceof PhotoError && caught.reason === 'size'
          ? t('profileUpdate.photoTooLarge', { mb: UPLOADS.maxFileBytes / (1024 * 1024) })
          : t('profileUpdate.photoWrongType'),
      );
    }
  };

  const shown = problem ?? error;
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar
        src={pending ?? profileImageUrl(image)}
        alt={t('profileUpdate.photoAlt', { name })}
        name={name}
        color="initials"
        size={96}
        radius={96}
      />
      <Stack gap={6} align="flex-start">
        <FileButton onChange={(file) => void choose(file)} accept={acceptOf(UPLOADS.imageTypes)} inputProps={{ 'aria-label': t('profileUpdate.photoInput') }}>
          {(props) => (
            <Button
              {...props}
              variant={image || pending ? 'default' : 'filled'}
              leftSection={<IconCamera size={18} aria-hidden />}
              data-field-error={shown ? 'true' : undefined}
              aria-describedby={shown ? 'photo-error' : undefined}
            >
              {image || pending ? t('profileUpdate.changePhoto') : t('profileUpdate.addPhoto')}
            </Button>
          )}
        </FileButton>
        {pending && (
          <Text size="xs" c="dimmed">
            {t('profileUpdate.photoPending')}
          </Text>
        )}
        {shown && (
          <Text id="photo-error" size="sm" c="red" role="alert">
            {shown}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
