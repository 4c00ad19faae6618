// Mantine's Autocomplete, loaded apart from the pages (./place-autocomplete).
export { Autocomplete as default } from '@mantine/core';
