// Mantine's Tooltip (and the floating-ui positioning it brings), loaded apart from the pages (./deferred-tooltip).
export { Tooltip as default } from '@mantine/core';
