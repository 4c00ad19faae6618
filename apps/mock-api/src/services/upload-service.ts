import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOADS } from '@carpool/contracts';
import { AppError } from '../lib/app-error';

/**
 * A file of a multipart body once received: stored in a temporary folder until a service keeps
 * it. `mimetype` is the type read from the file's first bytes (what the contract checks), not the
 * one the client declared, so a renamed file cannot pass as an image.
 */
export type UploadDescriptor = {
  filename: string;
  mimetype: string;
  declared_mimetype: string;
  size: number;
  /** Absolute path of the temporary file. */
  path: string;
};

/** The parts of a @fastify/multipart file part the service reads. */
export type IncomingFilePart = { filename: string; mimetype: string; file: Readable & { truncated?: boolean } };

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** The file type by its signature (magic bytes); undefined for anything else. */
export function sniffType(head: Buffer): string | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/**
 * Once the request body has ended, a file part that its parser has not ended and that stays dry
 * over two checks this far apart was never closed (issue 45: a part without its closing
 * boundary, reported before anyone listened). A client still sending is bounded by the request
 * timeout instead.
 */
export const PART_STALL_MS = 500;

const unterminated = () =>
  new AppError('validation_failed', { message: 'The multipart body ended inside a file part (no closing boundary).' });

/** The file's bytes and then its directory entry on disk before the answer (issue 45: a 200 must survive a crash). */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (and Windows) cannot sync a directory: the file's own sync is then all there is.
    if (!['EINVAL', 'EISDIR', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Once `body` (the request) has ended, calls `cutOff` if the part stays dry for two checks `ms`
 * apart: not ended by its parser, nothing buffered for the reader, no byte added. A part with
 * its closing boundary was ended by busboy while the body was parsed, so a slow disk never
 * looks dry (its bytes wait in the buffer, or the end is already pushed); a part whose 'error'
 * came before anyone listened does (issue 45). Answers the function that stops watching.
 */
function watchStall(file: Readable & { bytesRead?: number }, body: Readable, ms: number, cutOff: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let dryChecks = 0;
  let bytes = -1;
  // Node keeps "end pushed, not yet read" only in the stream's state (readableEnded waits for the reader).
  const endPushed = () => file.readableEnded || (file as { _readableState?: { ended?: boolean } })._readableState?.ended === true;
  const check = () => {
    if (endPushed()) return;
    const dry = file.readableLength === 0 && (file.bytesRead ?? 0) === bytes;
    dryChecks = dry ? dryChecks + 1 : 0;
    if (dryChecks >= 2) return cutOff();
    bytes = file.bytesRead ?? 0;
    timer = setTimeout(check, ms);
  };
  const start = () => check();
  if (body.readableEnded) start();
  else body.once('end', start);
  return () => {
    clearTimeout(timer);
    body.off('end', start);
  };
}

/** Writes a whole file, syncs it and its folder; on any failure the file is removed. */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  try {
    const handle = await open(file, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await syncDir(path.dirname(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

const tooLarge = () =>
  new AppError('file_too_large', { message: `El archivo supera el tamaño máximo de ${UPLOADS.maxFileBytes / 1024 / 1024} MB.` });

/** A stored name that says what it is and cannot collide or climb out of its folder. */
const storedName = (prefix: string, mimetype: string) =>
  `${prefix}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.${EXTENSIONS[mimetype] ?? 'bin'}`;

/**
 * Files on disk under `${dataDir}/uploads`: `tmp/` while a request runs, `docs/` for driver
 * documents (private, not served), `profile/` for photos (served at /image/profile/<file>).
 * Paths kept in the database are relative to the uploads folder ("docs/<name>").
 */
export function createUploadService({ dataDir, partStallMs = PART_STALL_MS }: { dataDir: string; partStallMs?: number }) {
  const uploadsDir = path.join(dataDir, 'uploads');
  const tmpDir = path.join(uploadsDir, 'tmp');
  const absolute = (relative: string) => path.join(uploadsDir, path.normalize(relative).replace(/^(\.\.[/\\])+/, ''));
  /** Removes stored files (relative paths) or temporary ones (absolute); missing files are fine. */
  const remove = async (files: readonly string[]) => {
    await Promise.all(files.map((file) => rm(path.isAbsolute(file) ? file : absolute(file), { force: true })));
  };

  return {
    uploadsDir,

    /**
     * Streams one multipart file to the temporary folder (the caller records `track` so the file
     * is removed when the request ends unless a service kept it). A file above the size limit
     * answers 413; an empty file input (no name, no bytes) counts as not sent. A part the body
     * ends inside (no closing boundary) answers 422 at once, or within 2-3 × `PART_STALL_MS` after
     * `body` (the request stream) ended if busboy said so before this call listened (watchStall);
     * its file is removed.
     */
    async receive(
      part: IncomingFilePart,
      track: (file: string) => void,
      { body }: { body?: Readable } = {},
    ): Promise<UploadDescriptor | undefined> {
      // Listen before the first await: busboy reports a part cut short by the end of the body with a
      // single 'error' event, and a stream that missed it neither ends nor fails (issue 45).
      let cut = false;
      const onCut = () => (cut = true);
      part.file.on('error', onCut);
      let head = Buffer.alloc(0);
      let size = 0;
      const stopWatch = body
        ? watchStall(part.file, body, partStallMs, () => {
            cut = true;
            part.file.destroy(unterminated());
          })
        : () => {};
      const file = path.join(tmpDir, randomUUID());
      try {
        await mkdir(tmpDir, { recursive: true });
        track(file);
        const measure = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
            size += chunk.length;
            callback(null, chunk);
          },
        });
        if (cut) throw unterminated();
        // Synced only if a service keeps it (keepDocuments): most temporary files are refused or dropped.
        await pipeline(part.file, measure, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw cut && !(error instanceof AppError) ? unterminated() : error;
      } finally {
        stopWatch();
        part.file.off('error', onCut);
      }
      if (part.file.truncated || size > UPLOADS.maxFileBytes) {
        await rm(file, { force: true });
        throw tooLarge();
      }
      if (!part.filename && size === 0) {
        await rm(file, { force: true });
        return undefined;
      }
      return {
        filename: path.basename(part.filename || 'archivo'),
        mimetype: sniffType(head) ?? 'application/octet-stream',
        declared_mimetype: part.mimetype,
        size,
        path: file,
      };

    },

    /** Moves received driver documents into docs/ (each synced to disk, then the folder); answers their relative paths, in order. */
    async keepDocuments(files: readonly UploadDescriptor[], userId: number): Promise<{ name: string; path: string; mime: string; size: number }[]> {
      await mkdir(path.join(uploadsDir, 'docs'), { recursive: true });
      const kept: { name: string; path: string; mime: string; size: number }[] = [];
      try {
        for (const file of files) {
          const name = storedName(`doc-${userId}`, file.mimetype);
          await syncFile(file.path);
          await rename(file.path, path.join(uploadsDir, 'docs', name));
          kept.push({ name, path: `docs/${name}`, mime: file.mimetype, size: file.size });
        }
        if (kept.length) await syncDir(path.join(uploadsDir, 'docs'));
      } catch (error) {
        await remove(kept.map((file) => file.path));
        throw error;
      }
      return kept;
    },

    /**
     * Decodes a base64 data URL photo and writes it to profile/. The bytes must be an image of the
     * declared type (422 error_uploading_image otherwise); above the size limit, 413. The file and
     * its folder are synced before this returns: a failed sync throws and leaves no file.
     */
    async savePhoto(dataUrl: string, userId: number): Promise<{ name: string; path: string; mime: string; size: number }> {
      const match = /^data:([a-z/+.-]+);base64,(.*)$/s.exec(dataUrl);
      const declared = match?.[1];
      const bytes = Buffer.from(match?.[2] ?? '', 'base64');
      if (bytes.length > UPLOADS.maxFileBytes) throw tooLarge();
      const type = sniffType(bytes.subarray(0, 16));
      if (!declared || !type || type !== declared || !(UPLOADS.imageTypes as readonly string[]).includes(type)) {
        throw new AppError('error_uploading_image', { message: 'La imagen no se pudo leer: envíe una foto JPEG, PNG, WebP o GIF.' });
      }
      const name = storedName(`user-${userId}`, type);
      await mkdir(path.join(uploadsDir, 'profile'), { recursive: true });
      await writeDurably(path.join(uploadsDir, 'profile', name), bytes);
      return { name, path: `profile/${name}`, mime: type, size: bytes.length };
    },

    remove,
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
