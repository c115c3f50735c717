/**
 * Stands in for lodash's has, which the data grid asks with one plain key ('editor'): whether
 * the object has it as its own property, without lodash's path parsing (vite.config.ts).
 */
export default function has(object: unknown, key: string): boolean {
  return object !== null && object !== undefined && Object.hasOwn(object, key);
}
