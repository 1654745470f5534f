import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntryRead {
  name: string;
  bytes: Buffer;
  /** General purpose flag bit 11: the name is UTF-8. */
  utf8: boolean;
}

/**
 * Reads a whole zip (what tests download): the central directory from the end-of-central-directory record, each
 * entry's data after its local header, stored or deflated, its CRC-32 and size checked. Enough for the files
 * yazl writes (no ZIP64, no encryption).
 */
export function readZip(zip: Buffer): ZipEntryRead[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntryRead[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central directory entry ${index} is broken`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`local header of ${name} is broken`);
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    let bytes: Buffer;
    if (method === 0) bytes = Buffer.from(data);
    else if (method === 8) bytes = inflateRawSync(data);
    else throw new Error(`${name}: compression method ${method}`);
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, the directory says ${size}`);
    if (crc32(bytes) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries.push({ name, bytes, utf8: (flags & 0x800) !== 0 });
  }
  return entries;
}
