import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, zipArchive } from '#ui/zip-archive.ts';

const utf8 = new TextEncoder();

describe('zipArchive', () => {
  it('checks each file with the standard CRC-32', () => {
    // The check value every CRC-32 (IEEE) implementation gives for '123456789'.
    expect(crc32(utf8.encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('unzips, by another reader, to the same names and contents, deflated', async () => {
    const long = 'Grüner Veltliner, Rosé; '.repeat(2_000);
    const archive = await zipArchive({
      'a.txt': utf8.encode('hello'),
      'dossier/vins rosés.xml': utf8.encode(long),
      'empty.txt': utf8.encode(''),
    });
    const files = unzipSync(archive);
    expect(Object.keys(files)).toEqual(['a.txt', 'dossier/vins rosés.xml', 'empty.txt']);
    expect(strFromU8(files['a.txt'] ?? new Uint8Array())).toBe('hello');
    expect(strFromU8(files['dossier/vins rosés.xml'] ?? new Uint8Array())).toBe(long);
    expect(files['empty.txt']).toHaveLength(0);
    // Deflated: the repeated text takes far less room than it holds.
    expect(archive.length).toBeLessThan(long.length / 10);
  });
});
