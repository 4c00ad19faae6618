import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const configRoutes = [implement(endpoints.config.show, async ({ app }) => app.country.config)];
