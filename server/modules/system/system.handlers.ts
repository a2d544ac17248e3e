import { migrationStatus } from '../../db/migrate.js';
import type { HandlersOf } from '../../http/handlers.js';

const startedAt = Date.now();

export const systemHandlers: HandlersOf<'health'> = {
  health: async ({ deps }) => ({
    data: {
      status: 'ok',
      database: deps.database.kind,
      migration: await migrationStatus(deps.database.db),
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    },
  }),
};
