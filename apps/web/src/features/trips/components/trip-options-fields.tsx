import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIVACY_KEYS, type Preferences, type Privacy } from '../utils/trip-form';

type TripOptionsFieldsProps = {
  privacy: Privacy;
  onPrivacyChange: (privacy: Privacy) => void;
  preferences: Preferences;
  onPreferencesChange: (preferences: Preferences) => void;
  /** Distinguishes the return trip's inputs for assistive technology. */
  idPrefix: string;
};

/** Who sees the trip (0 friends, 1 friends of friends, 2 public) and what is not allowed on board. */
export function TripOptionsFields({ privacy, onPrivacyChange, preferences, onPreferencesChange, idPrefix }: TripOptionsFieldsProps) {
  const { t } = useTranslation();
  const toggle = (key: keyof Preferences) => (checked: boolean) => onPreferencesChange({ ...preferences, [key]: checked });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('tripForm.privacy')}
        value={String(privacy)}
        onChange={(value) => onPrivacyChange(Number(value) as Privacy)}
        name={`${idPrefix}-privacy`}
      >
        <Group gap="md" mt={6}>
          {([2, 1, 0] as const).map((value) => (
            <Radio key={value} value={String(value)} label={t(PRIVACY_KEYS[value])} />
          ))}
        </Group>
      </Radio.Group>
      <div>
        <Text size="sm" fw={500} mb={6} id={`${idPrefix}-preferences`}>
          {t('tripForm.preferences')}
        </Text>
        <Group gap="md" role="group" aria-labelledby={`${idPrefix}-preferences`}>
          <Checkbox label={t('tripForm.noSmoking')} checked={preferences.noSmoking} onChange={(event) => toggle('noSmoking')(event.currentTarget.checked)} />
          <Checkbox label={t('tripForm.noPets')} checked={preferences.noPets} onChange={(event) => toggle('noPets')(event.currentTarget.checked)} />
          <Checkbox label={t('tripForm.noKids')} checked={preferences.noKids} onChange={(event) => toggle('noKids')(event.currentTarget.checked)} />
        </Group>
      </div>
    </Stack>
  );
}
