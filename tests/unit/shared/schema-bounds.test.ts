import { describe, expect, it } from 'vitest';

/**
 * Every integer in every schema has a bound: a number past 2^31 in an `integer` column, or past
 * 2^53 where JavaScript stops counting, must be refused at the door (400), never reach a
 * statement (500). Walks every schema the domains and the shared code export — request bodies,
 * answers, stored records — and every write's declared body.
 */
type Node = {
  kind?: string;
  type?: string;
  pipe?: Node[];
  entries?: Record<string, Node>;
  item?: Node;
  items?: Node[];
  options?: Node[];
  wrapped?: Node;
  key?: Node;
  value?: Node;
  rest?: Node;
  body?: Node | null;
};

const modules = import.meta.glob<Record<string, unknown>>(
  ['/src/domains/**/*.ts', '/src/shared/**/*.ts'],
  { eager: true },
);

const isSchema = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && (value as Node).kind === 'schema';

/** The places of integer schemas without a lower or an upper bound, under `node`. */
function unbounded(node: Node, at: string, found: string[], seen: Set<Node>) {
  if (seen.has(node)) return;
  seen.add(node);
  const steps = node.pipe ?? [];
  if (node.type === 'number') {
    const actions = new Set(steps.map((step) => step.type));
    if (actions.has('integer') && !(actions.has('min_value') && actions.has('max_value'))) {
      found.push(at);
    }
  }
  const inner: [string, Node | undefined][] = [
    ...steps
      .filter((step) => step !== node && isSchema(step))
      .map((step) => [at, step] as [string, Node]),
    ...Object.entries(node.entries ?? {}).map(
      ([key, child]) => [`${at}.${key}`, child] as [string, Node],
    ),
    [`${at}[]`, node.item],
    ...(node.items ?? []).map((child, index) => [`${at}[${index}]`, child] as [string, Node]),
    ...(node.options ?? []).map((child) => [at, child] as [string, Node]),
    [at, node.wrapped],
    [`${at}{key}`, node.key],
    [`${at}{}`, node.value],
    [`${at}...`, node.rest],
  ];
  for (const [place, child] of inner) {
    if (child && isSchema(child)) unbounded(child, place, found, seen);
  }
}

describe('schema bounds', () => {
  it('finds the schemas to walk', () => {
    const schemas = Object.values(modules).flatMap((exports) =>
      Object.values(exports).filter(isSchema),
    );
    expect(schemas.length).toBeGreaterThan(40);
  });

  it('bounds every integer of every exported schema and every write’s body', () => {
    const found: string[] = [];
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (isSchema(value)) unbounded(value, `${file}:${name}`, found, new Set());
        const body = (value as Node | null)?.body;
        if (body && isSchema(body)) unbounded(body, `${file}:${name}.body`, found, new Set());
      }
    }
    expect(found).toEqual([]);
  });

  it('would find an integer without a bound', async () => {
    const v = await import('valibot');
    const found: string[] = [];
    const loose = v.object({ rows: v.array(v.object({ id: v.pipe(v.number(), v.integer()) })) });
    unbounded(loose as unknown as Node, 'probe', found, new Set());
    expect(found).toEqual(['probe.rows[].id']);
  });
});
