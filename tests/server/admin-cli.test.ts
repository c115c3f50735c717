import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '#server/cli/commands.ts';
import { resultRows } from '#server/db/table-rows.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('admin commands', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const run = (name: string, args: string[]) => {
    const command = COMMANDS[name];
    if (!command) throw new Error(`no command ${name}`);
    return command.run(server.db, args);
  };

  it('creates a user in a new or existing business, who can then sign in', async () => {
    expect(
      await run('create-user', [
        '--email',
        'anna@cellar.test',
        '--password',
        'Cellar2026',
        '--business',
        'River Cellar',
        '--role',
        'owner',
        '--name',
        'Anna',
      ]),
    ).toBe('Created owner anna@cellar.test in River Cellar');
    expect(
      await run('create-user', [
        '--email',
        'bo@cellar.test',
        '--password',
        'Cellar2026',
        '--business',
        'River Cellar',
      ]),
    ).toBe('Created staff bo@cellar.test in River Cellar');
    expect(
      await run('create-user', [
        ...['--email', 'cy@cellar.test', '--password', 'Cellar2026', '--business', 'Fresh Cellar'],
      ]),
    ).toBe('Created owner cy@cellar.test in Fresh Cellar');
    const anna = await server.login('anna@cellar.test', 'Cellar2026');
    const bo = await server.login('bo@cellar.test', 'Cellar2026');
    expect((anna.user as unknown as { businessId: string }).businessId).toBe(
      (bo.user as unknown as { businessId: string }).businessId,
    );
  });

  it.each([
    [['--password', 'Cellar2026', '--business', 'X'], '--email is required'],
    [
      ['--email', 'nope', '--password', 'Cellar2026', '--business', 'X'],
      '--email must be an email address',
    ],
    [
      ['--email', 'c@cellar.test', '--password', 'weak', '--business', 'X'],
      'Password must be at least 8',
    ],
    [['--email', 'c@cellar.test', '--password', 'Cellar2026'], '--business is required'],
    [
      ['--email', 'c@cellar.test', '--password', 'Cellar2026', '--business', 'X', '--role', 'boss'],
      '--role must be one of: owner, manager, staff',
    ],
    [
      ['--email', 'ANNA@cellar.test', '--password', 'Cellar2026', '--business', 'X'],
      'already exists',
    ],
    [['--bogus', 'x'], "Unknown option '--bogus'"],
    [
      [
        '--email',
        'd@cellar.test',
        '--password',
        'Cellar2026',
        '--business',
        'Brand New',
        '--role',
        'staff',
      ],
      'A new business starts with its owner: use --role owner, or leave --role out',
    ],
  ])('refuses %j', async (args, message) => {
    await expect(run('create-user', args)).rejects.toThrow(message);
  });

  it('sets a password and signs out every session of that user', async () => {
    const session = await server.login('bo@cellar.test', 'Cellar2026');
    expect(
      await run('set-password', ['--email', 'BO@cellar.test', '--password', 'Renewed2027']),
    ).toBe('Password changed for BO@cellar.test; their sessions were signed out');
    await server.login('bo@cellar.test', 'Renewed2027');
    const refresh = await server.call('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
    await expect(
      run('set-password', ['--email', 'ghost@cellar.test', '--password', 'Renewed2027']),
    ).rejects.toThrow('No user has the email ghost@cellar.test');
  });

  it('lists users with their role and business', async () => {
    const output = await run('list-users', []);
    expect(output.split('\n')).toEqual([
      'cy@cellar.test\tcy\towner\tFresh Cellar',
      'anna@cellar.test\tAnna\towner\tRiver Cellar',
      'bo@cellar.test\tbo\tstaff\tRiver Cellar',
    ]);
  });

  it("adds generated products to the named business, or without a name to the demo account's", async () => {
    await expect(run('seed-products', ['--count', '2'])).rejects.toThrow(
      'Name the business with --business: Fresh Cellar, River Cellar',
    );
    expect(await run('seed-products', ['--count', '2', '--business', 'River Cellar'])).toBe(
      'Added 2 products to River Cellar (2 in all)',
    );
    await expect(run('seed-products', ['--count', '2', '--business', 'Nowhere'])).rejects.toThrow(
      'No business is named Nowhere',
    );

    // The demo account's business, renamed: still the one meant.
    await run('create-user', [
      ...['--email', 'demo@vintry.test', '--password', 'Vintry2026'],
      ...['--business', 'Demo Cellar', '--role', 'owner'],
    ]);
    await server.db.execute(
      sql`update businesses set name = 'Harbour Bottle Shop' where name = 'Demo Cellar'`,
    );
    expect(await run('seed-products', ['--count', '3'])).toBe(
      'Added 3 products to Harbour Bottle Shop (3 in all)',
    );
    expect(await run('seed-customers', ['--count', '1500'])).toBe(
      'Added 1500 customers to Harbour Bottle Shop',
    );
    const [seeded] = resultRows<{ n: string }>(
      await server.db.execute(sql`select count(*) as n from customers`),
    );
    expect(Number(seeded?.n)).toBe(1500);
  });
});
