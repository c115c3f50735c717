/** The compressions the client accepts, of the ones the server sends, from Accept-Encoding. */
export type Compression = 'br' | 'gzip';

export function acceptedCompressions(header: string | undefined): Set<Compression> {
  const names = (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase())
    .filter((name): name is Compression => name === 'br' || name === 'gzip');
  return new Set(names);
}
