import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { listenEarly } from './http/startup.js';
import { createLogger, describeError, describeErrorStack } from './logger.js';
import { closeSharedRenderer } from './modules/templates/templateRender.service.js';

/** Process start: configuration, dependencies, HTTP server, job workers, graceful close. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // The port opens first: while migrations run, /health/live answers and /health/ready says 503.
  const early = await listenEarly(config.PORT, config.HOST);
  const { deps, seed } = await bootstrap({ config, logger });
  if (seed.generatedPassword) {
    // Printed once, on the terminal only (not through the logger), so it can be copied.
    process.stdout.write(
      `\nAdministrador creado: ${config.ADMIN_EMAIL}\nContraseña generada (se muestra una sola vez): ${seed.generatedPassword}\n\n`,
    );
  }
  const app = await buildApp(deps, { serverFactory: early.serverFactory });
  await app.ready();
  early.handOver();
  deps.queue.start(config.JOB_WORKERS);
  deps.scheduler.start();
  logger.info({ database: deps.database.kind }, `Rúbrica escuchando en http://${config.HOST}:${config.PORT}`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'Cerrando');
    // New requests get 503 while the handlers in flight finish; then the port closes.
    await app.close();
    await early.close();
    await deps.scheduler.stop();
    await deps.queue.stop();
    await closeSharedRenderer();
    await deps.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

// What reaches the terminal never carries a failed query's parameters (a password hash, personal
// data): Node's own report of a crash would print the error with all its fields.
process.on('uncaughtException', (error) => {
  console.error('Error no controlado:', describeErrorStack(error));
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  console.error('Error no controlado:', describeErrorStack(reason));
  process.exit(1);
});

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Rúbrica:', describeError(error));
  process.exit(error instanceof ConfigError ? 78 : 1);
});
