import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';
import { manifestSchema, type Manifest } from './backup.schema.js';

/**
 * One backup is one POSIX tar file of two members, the manifest first: `manifest.json` and `database.pgdump` (pg_dump's
 * custom format). `tar -xf` opens it anywhere; `pg_restore` reads the dump as it is. Decision 031.
 */
export const DUMP_MEMBER = 'database.pgdump';
const MANIFEST_MEMBER = 'manifest.json';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function writeBackupFile(out: string, manifest: Manifest, dumpFile: string): Promise<void> {
  const tar = pack();
  const written = pipeline(tar, createWriteStream(out, { mode: 0o600 }));
  const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await new Promise<void>((resolve, reject) =>
    tar.entry({ name: MANIFEST_MEMBER, size: json.length, mode: 0o600 }, json, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  const { size } = await stat(dumpFile);
  const entry = tar.entry({ name: DUMP_MEMBER, size, mode: 0o600 });
  await pipeline(createReadStream(dumpFile), entry);
  tar.finalize();
  await written;
}

/** The problem with a file that is not a backup this tool can read, said so that the operator knows what to do. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * Reads the manifest and writes the dump member to `dumpFile`. Does not trust the manifest beyond its shape: the
 * caller compares the dump's checksum before anything is changed.
 */
export async function readBackupFile(file: string, dumpFile: string): Promise<Manifest> {
  let manifestText: string | undefined;
  let sawDump = false;
  const reader = extract();
  // Settles to the reading's error, if any: awaited after the loop, and never left rejected with nobody listening
  // (a file that cannot be opened fails both the pipeline and the loop).
  const piped = pipeline(createReadStream(file), reader).then(
    () => undefined,
    (error: unknown) => error,
  );
  let failure: unknown;
  try {
    for await (const entry of reader) {
      if (entry.header.name === MANIFEST_MEMBER) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
      } else if (entry.header.name === DUMP_MEMBER) {
        sawDump = true;
        await pipeline(entry, createWriteStream(dumpFile, { mode: 0o600 }));
      } else {
        entry.resume();
      }
    }
  } catch (error) {
    failure = error;
  }
  failure = (await piped) ?? failure;
  if (failure !== undefined) {
    throw new BackupFileError(
      `${file} is not a readable backup (tar): ${failure instanceof Error ? failure.message : String(failure)}`,
    );
  }
  if (manifestText === undefined || !sawDump) {
    throw new BackupFileError(
      `${file} is not a backup of this system: it lacks ${manifestText === undefined ? MANIFEST_MEMBER : DUMP_MEMBER}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw new BackupFileError(`${file}: its ${MANIFEST_MEMBER} is not JSON`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    throw new BackupFileError(
      `${file}: its ${MANIFEST_MEMBER} is not one this release reads (${result.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')})`,
    );
  }
  return result.data;
}
