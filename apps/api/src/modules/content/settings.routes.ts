import { consoleSetting, consoleSettings, settingKeyParams, settingUpdateBody } from '@caravan/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { SettingsService } from './settings.ts';

// Console routes of the system parameters (the `settings` table): list, and change one with a reason.
// The rules (each parameter's schema, the audit entry with before and after) live in SettingsService.

export function settingsConsoleRoutes(deps: { settings: SettingsService }): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput };
  const tags = ['console settings'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/settings',
      { schema: { summary: 'Every system parameter with its value, default and rule kind.', tags, response: { 200: consoleSettings, ...errors } }, preHandler: auth.require('settings.read') },
      async () => ({ items: deps.settings.consoleList() }),
    );
    typed.post(
      '/settings/:key',
      {
        schema: { summary: "Change a system parameter (checked against its rule; audited with before, after and the reason).", tags, params: settingKeyParams, body: settingUpdateBody, response: { 200: consoleSetting, ...errors } },
        preHandler: auth.require('settings.write'),
      },
      async (request) => {
        const operator = auth.operator(request);
        const updated = await deps.settings.update(request.params.key, request.body.value, { type: 'operator', id: operator.id, reason: request.body.reason, requestId: request.id });
        if (!updated) throw new AppError('common.not_found');
        return updated;
      },
    );
  };
}
