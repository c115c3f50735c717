import { openConfiguredDatabase } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import { consoleLogger } from '../logger.ts';
import { CliError, COMMANDS, USAGE } from './commands.ts';

/** `npm run admin -- <command> …`: account and data administration from a terminal. */
async function main(argv: string[]) {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name && name !== '--help' ? `Unknown command: ${name}\n\n${USAGE}` : USAGE);
    return name === '--help' ? 0 : 2;
  }
  // Opening takes the data folder's lock: while the server runs on the embedded database, this
  // refuses with a message instead of opening the folder a second time.
  const database = await openConfiguredDatabase(readConfig(), consoleLogger, 'admin CLI');
  try {
    console.log(await command.run(database.db, args));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof CliError || (error instanceof Error && error.name === 'DataDirBusyError');
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
