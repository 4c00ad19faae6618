// The dates package's stylesheet comes with its calendar, not with the first screen.
import '@mantine/dates/styles.css';

export { DateInput as default } from '@mantine/dates';
