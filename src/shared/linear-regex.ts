/**
 * Regular expressions matched in time linear in the text: the pattern is compiled to a small
 * program and every way through it is followed at once, one character at a time (Thompson's
 * construction, run as a Pike VM, the algorithm of RE2). No input makes it backtrack, so
 * `^(a+)+$` against 'aaa…a!' answers at once, where a backtracking engine (the browser's, Node's)
 * takes time doubling with each character.
 *
 * The syntax is JavaScript's without flags, read the way `new RegExp(source)` reads it and
 * matched on UTF-16 code units as it does: literals, `.`, classes `[…]`/`[^…]` with ranges,
 * `\d \D \w \W \s \S \b \B`, `^ $`, groups `(…)`, `(?:…)`, `(?<name>…)`, `|`, and the
 * quantifiers `* + ? {n} {n,} {n,m}` (lazy or not: only whether there is a match is asked).
 * Refused, because they cannot run in linear time or are rarely meant: back-references,
 * look-arounds, escapes of letters with no meaning, counts above 1,000 and programs above
 * 5,000 steps.
 */

export class PatternSyntaxError extends Error {}

const MAX_COUNT = 1000;
const MAX_PROGRAM = 5000;

/** Inclusive ranges of UTF-16 code units; `negated` matches every unit outside them. */
interface CharSet {
  ranges: [number, number][];
  negated: boolean;
}

type Assertion = 'start' | 'end' | 'word-boundary' | 'not-word-boundary';

type Node =
  | { kind: 'chars'; set: CharSet }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'either'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'assert'; at: Assertion };

type Instruction =
  | { op: 'chars'; set: CharSet }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'assert'; at: Assertion }
  | { op: 'match' };

const code = (char: string) => char.charCodeAt(0);
const DIGITS: [number, number][] = [[48, 57]];
const WORD: [number, number][] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
// What JavaScript's \s matches: ASCII white space, no-break spaces, the Unicode space separators,
// the line and paragraph separators and the byte order mark.
const SPACE: [number, number][] = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: [number, number][] = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

function inSet(set: CharSet, unit: number): boolean {
  let found = false;
  for (const [low, high] of set.ranges) {
    if (unit >= low && unit <= high) {
      found = true;
      break;
    }
  }
  return found !== set.negated;
}

const WORD_SET: CharSet = { ranges: WORD, negated: false };
const isWordUnit = (text: string, index: number) =>
  index >= 0 && index < text.length && inSet(WORD_SET, text.charCodeAt(index));

const CLASS_ESCAPES: Record<string, CharSet> = {
  d: { ranges: DIGITS, negated: false },
  D: { ranges: DIGITS, negated: true },
  w: WORD_SET,
  W: { ranges: WORD, negated: true },
  s: { ranges: SPACE, negated: false },
  S: { ranges: SPACE, negated: true },
};
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11 };

/** Reads a pattern into a tree, refusing what JavaScript refuses and what cannot run linearly. */
class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.either();
    if (this.at < this.source.length) throw new PatternSyntaxError('Unmatched ")"');
    return node;
  }

  private peek(offset = 0) {
    return this.source[this.at + offset];
  }

  private either(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'either', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified());
    }
    return { kind: 'sequence', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (atom.kind === 'assert') throw new PatternSyntaxError('Nothing to repeat');
    if (this.peek() === '?') this.at += 1; // lazy: the same answer to "is there a match"
    if (this.quantifierAhead()) throw new PatternSyntaxError('Nothing to repeat');
    return { kind: 'repeat', node: atom, min: bounds.min, max: bounds.max };
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor, without moving it; null when `{` is a literal. */
  private countAhead(): { min: number; max: number; length: number } | null {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
    if (!match) return null;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] ? Number(match[3]) : Infinity;
    return { min, max, length: match[0].length };
  }

  private quantifierAhead() {
    const char = this.peek();
    return char === '*' || char === '+' || char === '?' || this.countAhead() !== null;
  }

  private quantifier(): { min: number; max: number } | null {
    const char = this.peek();
    if (char === '*' || char === '+' || char === '?') {
      this.at += 1;
      return { min: char === '+' ? 1 : 0, max: char === '?' ? 1 : Infinity };
    }
    const count = this.countAhead();
    if (!count) return null;
    if (count.min > count.max) throw new PatternSyntaxError('Numbers out of order');
    if (count.min > MAX_COUNT || (count.max !== Infinity && count.max > MAX_COUNT)) {
      throw new PatternSyntaxError('Count too large');
    }
    this.at += count.length;
    return { min: count.min, max: count.max };
  }

  private atom(): Node {
    const char = this.peek() as string;
    if (this.quantifierAhead()) throw new PatternSyntaxError('Nothing to repeat');
    this.at += 1;
    switch (char) {
      case '(':
        return this.group();
      case '[':
        return { kind: 'chars', set: this.charClass() };
      case '.':
        return { kind: 'chars', set: { ranges: LINE_TERMINATORS, negated: true } };
      case '^':
        return { kind: 'assert', at: 'start' };
      case '$':
        return { kind: 'assert', at: 'end' };
      case '\\':
        return this.escape();
      default:
        return single(code(char));
    }
  }

  private group(): Node {
    if (this.peek() === '?') {
      const rest = this.source.slice(this.at + 1);
      if (rest.startsWith(':')) this.at += 2;
      else if (/^<[A-Za-z_$][\w$]*>/.test(rest)) this.at += rest.indexOf('>') + 2;
      else throw new PatternSyntaxError('Look-arounds are not supported');
    }
    const inner = this.either();
    if (this.peek() !== ')') throw new PatternSyntaxError('Unterminated group');
    this.at += 1;
    return inner;
  }

  private escape(): Node {
    const char = this.peek();
    if (char === 'b' || char === 'B') {
      this.at += 1;
      return { kind: 'assert', at: char === 'b' ? 'word-boundary' : 'not-word-boundary' };
    }
    const set = this.escapedSet(false);
    return { kind: 'chars', set };
  }

  /** The character or class after a backslash (the backslash already read). */
  private escapedSet(inClass: boolean): CharSet {
    const char = this.peek();
    if (char === undefined) throw new PatternSyntaxError('\\ at end of pattern');
    this.at += 1;
    const classEscape = CLASS_ESCAPES[char];
    if (classEscape) return classEscape;
    const control = CONTROL_ESCAPES[char];
    if (control !== undefined) return singleSet(control);
    if (inClass && char === 'b') return singleSet(8);
    if (char === '0' && !/\d/.test(this.peek() ?? '')) return singleSet(0);
    if (char === 'x' || char === 'u') {
      const digits = char === 'x' ? 2 : 4;
      const hex = this.source.slice(this.at, this.at + digits);
      if (hex.length !== digits || !/^[0-9A-Fa-f]+$/.test(hex)) {
        throw new PatternSyntaxError('Invalid escape');
      }
      this.at += digits;
      return singleSet(Number.parseInt(hex, 16));
    }
    if (char === 'c' && /[A-Za-z]/.test(this.peek() ?? '')) {
      this.at += 1;
      return singleSet(code(this.source[this.at - 1] as string) % 32);
    }
    // Back-references (\1, \k<name>) and letters with no meaning are refused.
    if (/[0-9A-Za-z]/.test(char)) throw new PatternSyntaxError(`Unsupported escape \\${char}`);
    return singleSet(code(char));
  }

  private charClass(): CharSet {
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    const ranges: [number, number][] = [];
    const exclusions: CharSet[] = [];
    while (this.peek() !== ']') {
      if (this.at >= this.source.length) throw new PatternSyntaxError('Unterminated class');
      const low = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.at += 1;
        const high = this.classAtom();
        const from = singleUnit(low);
        const to = singleUnit(high);
        if (from === null || to === null) throw new PatternSyntaxError('Invalid class range');
        if (from > to) throw new PatternSyntaxError('Range out of order');
        ranges.push([from, to]);
      } else if (low.negated) {
        exclusions.push(low);
      } else {
        ranges.push(...low.ranges);
      }
    }
    this.at += 1;
    // A negated escape inside a class ([\D], [a\S]) adds everything outside its ranges.
    for (const exclusion of exclusions) ranges.push(...complement(exclusion.ranges));
    return { ranges, negated };
  }

  private classAtom(): CharSet {
    const char = this.peek() as string;
    this.at += 1;
    return char === '\\' ? this.escapedSet(true) : singleSet(code(char));
  }
}

const singleSet = (unit: number): CharSet => ({ ranges: [[unit, unit]], negated: false });
const single = (unit: number): Node => ({ kind: 'chars', set: singleSet(unit) });

function singleUnit(set: CharSet): number | null {
  const [range] = set.ranges;
  return !set.negated && set.ranges.length === 1 && range && range[0] === range[1]
    ? range[0]
    : null;
}

function complement(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const outside: [number, number][] = [];
  let next = 0;
  for (const [low, high] of sorted) {
    if (low > next) outside.push([next, low - 1]);
    next = Math.max(next, high + 1);
  }
  if (next <= 0xffff) outside.push([next, 0xffff]);
  return outside;
}

/** Lays the tree out as instructions; refuses a program longer than MAX_PROGRAM. */
function compile(root: Node): Instruction[] {
  const program: Instruction[] = [];
  const emit = (instruction: Instruction) => {
    if (program.length >= MAX_PROGRAM) throw new PatternSyntaxError('Pattern too complex');
    program.push(instruction);
    return program.length - 1;
  };
  const split = () => emit({ op: 'split', first: 0, second: 0 });
  const setSplit = (at: number, first: number, second: number) => {
    program[at] = { op: 'split', first, second };
  };

  const lay = (node: Node): void => {
    switch (node.kind) {
      case 'chars':
        emit({ op: 'chars', set: node.set });
        return;
      case 'assert':
        emit({ op: 'assert', at: node.at });
        return;
      case 'sequence':
        for (const item of node.items) lay(item);
        return;
      case 'either': {
        const jumps: number[] = [];
        node.options.forEach((option, index) => {
          const last = index === node.options.length - 1;
          const fork = last ? -1 : split();
          lay(option);
          if (!last) {
            jumps.push(emit({ op: 'jump', to: 0 }));
            setSplit(fork, fork + 1, program.length);
          }
        });
        for (const jump of jumps) program[jump] = { op: 'jump', to: program.length };
        return;
      }
      case 'repeat': {
        for (let i = 0; i < node.min; i += 1) lay(node.node);
        if (node.max === Infinity) {
          const fork = split();
          lay(node.node);
          emit({ op: 'jump', to: fork });
          setSplit(fork, fork + 1, program.length);
          return;
        }
        const forks: number[] = [];
        for (let i = node.min; i < node.max; i += 1) {
          forks.push(split());
          lay(node.node);
        }
        for (const fork of forks) setSplit(fork, fork + 1, program.length);
        return;
      }
    }
  };
  lay(root);
  emit({ op: 'match' });
  return program;
}

function holds(at: Assertion, text: string, index: number): boolean {
  switch (at) {
    case 'start':
      return index === 0;
    case 'end':
      return index === text.length;
    case 'word-boundary':
      return isWordUnit(text, index - 1) !== isWordUnit(text, index);
    case 'not-word-boundary':
      return isWordUnit(text, index - 1) === isWordUnit(text, index);
  }
}

export class LinearPattern {
  private readonly program: Instruction[];
  /** Instructions visited by the last `test`: at most (text length + 1) × `size`. */
  steps = 0;

  /** Throws PatternSyntaxError when the pattern cannot be read or run in linear time. */
  constructor(source: string) {
    this.program = compile(new Parser(source).parse());
  }

  get size() {
    return this.program.length;
  }

  /** Whether the text holds a match anywhere, as `new RegExp(source).test(text)` says. */
  test(text: string): boolean {
    const program = this.program;
    // The position at which each instruction was last put on a list: each is followed at most
    // once per position, which is what keeps the work linear.
    const seenAt = new Int32Array(program.length).fill(-1);
    let current: number[] = [];
    let next: number[] = [];
    const pending: number[] = [];
    this.steps = 0;

    /** Follows the jumps, splits and assertions from `start`; answers true on reaching a match. */
    const follow = (list: number[], start: number, index: number): boolean => {
      pending.push(start);
      while (pending.length > 0) {
        const at = pending.pop() as number;
        if (seenAt[at] === index) continue;
        seenAt[at] = index;
        this.steps += 1;
        const instruction = program[at] as Instruction;
        switch (instruction.op) {
          case 'match':
            pending.length = 0;
            return true;
          case 'jump':
            pending.push(instruction.to);
            break;
          case 'split':
            pending.push(instruction.second, instruction.first);
            break;
          case 'assert':
            if (holds(instruction.at, text, index)) pending.push(at + 1);
            break;
          case 'chars':
            list.push(at);
            break;
        }
      }
      return false;
    };

    for (let index = 0; ; index += 1) {
      // A match may start at any position: a new thread from the start of the program.
      if (follow(current, 0, index)) return true;
      if (index === text.length) return false;
      const unit = text.charCodeAt(index);
      next.length = 0;
      for (const at of current) {
        const instruction = program[at] as Instruction & { op: 'chars' };
        if (inSet(instruction.set, unit) && follow(next, at + 1, index + 1)) return true;
      }
      [current, next] = [next, current];
    }
  }
}
