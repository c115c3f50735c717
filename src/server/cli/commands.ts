import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { isEmailForm } from '#shared/auth/email.ts';
import { SERVER_AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { isStrongPassword } from '#shared/auth/password-rules.ts';
import { ROLES } from '#shared/auth/schemas.ts';
import { firstIssueMessage, missingFieldMessage } from '#shared/validation.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-sessions.ts';
import {
  createUser,
  FIRST_OWNER_MESSAGE,
  findBusinessId,
  findUserIdByEmail,
  listUsers,
  setPassword,
} from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { USER_EMAIL_UNIQUE } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { countProducts, insertProducts } from '../products/catalogue-repository.ts';
import { generateProducts } from '../seed/catalogue.ts';
import { seedCustomers } from '../seed/customers.ts';
import { DEMO, storeSalesHistory } from '../seed/demo.ts';
import { planDemoSales } from '../seed/demo-sales.ts';

/** The till load-work sales are rung up on, far from the ones tablets are given. */
const LOAD_TILL = 'T9000';

/**
 * The admin commands of ARCHITECTURE.md section 1. Each takes the arguments after its name and
 * answers with the text to print; a CliError carries a message for the person at the terminal.
 */
export class CliError extends Error {
  override name = 'CliError';
}

const Email = v.pipe(
  v.string('--email is required'),
  v.trim(),
  v.check(isEmailForm, '--email must be an email address'),
);
const Password = v.pipe(
  v.string('--password is required'),
  v.check(isStrongPassword, SERVER_AUTH_MESSAGES.passwordTooWeak),
);

const CreateUserArgs = v.object(
  {
    email: Email,
    password: Password,
    business: v.pipe(
      v.string('--business is required'),
      v.trim(),
      v.nonEmpty('--business is required'),
    ),
    // Left out: the owner of a new business, or staff joining an existing one.
    role: v.optional(v.picklist(ROLES, `--role must be one of: ${ROLES.join(', ')}`)),
    name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('--name must not be empty'))),
  },
  missingFieldMessage(
    {
      email: '--email is required',
      password: '--password is required',
      business: '--business is required',
    },
    'Invalid arguments',
  ),
);

const SetPasswordArgs = v.object(
  { email: Email, password: Password },
  missingFieldMessage(
    { email: '--email is required', password: '--password is required' },
    'Invalid arguments',
  ),
);

function parse<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new CliError(firstIssueMessage(result.issues));
  return result.output as v.InferOutput<TSchema>;
}

function options(args: string[], names: string[]) {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user    --email <email> --password <password> --business <name> [--role owner|manager|staff] [--name <name>]
  set-password   --email <email> --password <password>
  list-users
  seed-products  --count <n> [--business <name>]   (default: the business of ${DEMO.email}, or the only one)
  seed-sales     --count <n> [--business <name>]   (about n sales over the last year, 1 to 5 lines each, for load work)
  seed-customers --count <n> [--business <name>]   (n generated customers, for load work)`;

const MAX_SEED_COUNT = 1_000_000;

const SeedProductsArgs = v.object(
  {
    count: v.pipe(
      v.string('--count is required'),
      v.regex(/^\d+$/, '--count must be a whole number'),
      v.transform(Number),
      v.minValue(1, '--count must be at least 1'),
      v.maxValue(MAX_SEED_COUNT, `--count must be at most ${MAX_SEED_COUNT}`),
    ),
    business: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('--business must not be empty'))),
  },
  missingFieldMessage({ count: '--count is required' }, 'Invalid arguments'),
);

/**
 * The business a command means when none is named: the demo account's, under whatever name it
 * has now (a renamed business is still the demo's), else the only business there is.
 */
async function defaultBusiness(db: Db): Promise<{ id: string; name: string }> {
  const people = await listUsers(db);
  const demo = people.find((person) => person.email === DEMO.email);
  if (demo) return { id: demo.businessId, name: demo.businessName };
  const businesses = [...new Map(people.map((p) => [p.businessId, p.businessName])).entries()];
  const [only] = businesses;
  if (businesses.length === 1 && only) return { id: only[0], name: only[1] };
  throw new CliError(
    businesses.length === 0
      ? 'There is no business yet: create one with create-user'
      : `Name the business with --business: ${businesses.map(([, name]) => name).join(', ')}`,
  );
}

/** How many to seed, and into which business (named, or the default one). */
async function seedTarget(db: Db, args: string[]) {
  const input = parse(SeedProductsArgs, options(args, ['count', 'business']));
  const named = input.business
    ? { id: await findBusinessId(db, input.business), name: input.business }
    : await defaultBusiness(db);
  if (!named.id) throw new CliError(`No business is named ${named.name}`);
  return { input, business: { id: named.id, name: named.name } };
}

export interface Command {
  run: (db: Db, args: string[]) => Promise<string>;
}

export const COMMANDS: Record<string, Command> = {
  'create-user': {
    run: async (db, args) => {
      const input = parse(
        CreateUserArgs,
        options(args, ['email', 'password', 'business', 'role', 'name']),
      );
      if (await findUserIdByEmail(db, input.email)) {
        throw new CliError(`A user with the email ${input.email} already exists`);
      }
      const user = await createUser(db, {
        email: input.email,
        password: input.password,
        name: input.name ?? input.email.split('@')[0] ?? input.email,
        role: input.role,
        businessName: input.business,
      }).catch((error: unknown) => {
        // Created by someone else between the check above and this insert.
        if (isUniqueViolation(error, USER_EMAIL_UNIQUE)) {
          throw new CliError(`A user with the email ${input.email} already exists`);
        }
        if (error instanceof Error && error.message === FIRST_OWNER_MESSAGE) {
          throw new CliError(FIRST_OWNER_MESSAGE);
        }
        throw error;
      });
      return `Created ${user.role} ${user.email} in ${user.businessName}`;
    },
  },
  'set-password': {
    run: async (db, args) => {
      const input = parse(SetPasswordArgs, options(args, ['email', 'password']));
      const userId = await findUserIdByEmail(db, input.email);
      if (!userId) throw new CliError(`No user has the email ${input.email}`);
      const now = new Date();
      await setPassword(db, userId, input.password, now);
      await revokeAllRefreshTokens(db, userId, now);
      return `Password changed for ${input.email}; their sessions were signed out`;
    },
  },
  'seed-products': {
    run: async (db, args) => {
      const { input, business } = await seedTarget(db, args);
      const existing = await countProducts(db, business.id);
      // Continue the generated sequence, so repeated runs add new products, not copies.
      await insertProducts(db, business.id, generateProducts(input.count, existing));
      return `Added ${input.count} products to ${business.name} (${existing + input.count} in all)`;
    },
  },
  'seed-sales': {
    run: async (db, args) => {
      const { input, business } = await seedTarget(db, args);
      const people = await listUsers(db);
      const seller = people.find((person) => person.businessId === business.id);
      if (!seller) throw new CliError(`${business.name} has nobody to ring the sales up`);
      // The products as generated, in the order their ids were given.
      const catalogue = generateProducts(await countProducts(db, business.id));
      const days = 365;
      // The weekday pattern averages 1.1 times a day's base.
      const plan = planDemoSales(catalogue, new Date(), {
        days,
        salesPerDay: input.count / days / 1.1,
        lines: 'busy',
        till: LOAD_TILL,
      });
      await storeSalesHistory(db, { id: seller.id, businessId: business.id }, plan, LOAD_TILL);
      const lines = plan.reduce((total, planned) => total + planned.sale.lines.length, 0);
      return `Added ${plan.length} sales (${lines} lines) to ${business.name}`;
    },
  },
  'seed-customers': {
    run: async (db, args) => {
      const { input, business } = await seedTarget(db, args);
      await seedCustomers(db, business.id, input.count);
      return `Added ${input.count} customers to ${business.name}`;
    },
  },
  'list-users': {
    run: async (db, args) => {
      options(args, []);
      const rows = await listUsers(db);
      if (rows.length === 0) return 'No users';
      return rows
        .map((row) => `${row.email}\t${row.name}\t${row.role}\t${row.businessName}`)
        .join('\n');
    },
  },
};
