import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

/** Activation, password reset, and the social logins the provider no longer supports. */
export const accountRoutes = [
  implement(endpoints.auth.activate, async ({ app, params }) => app.services.accounts.activate(params.token)),
  implement(endpoints.auth.resetPassword, async ({ app, body }) => app.services.accounts.requestPasswordReset(body.email)),
  implement(endpoints.auth.changePassword, async ({ app, params, body }) =>
    app.services.accounts.changePassword(params.token, body.password),
  ),
  implement(endpoints.auth.socialLogin, async ({ app }) => app.services.accounts.socialUnavailable()),
  implement(endpoints.auth.socialUpdate, async ({ app }) => app.services.accounts.socialUnavailable()),
  implement(endpoints.auth.socialFriends, async ({ app }) => app.services.accounts.socialUnavailable()),
];
