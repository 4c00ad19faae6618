import multipart, { type MultipartFile } from '@fastify/multipart';
import { endpoints, LENGTHS, UPLOADS } from '@carpool/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UploadDescriptor } from '../services/upload-service';
import type { ReceivedFiles } from '../services/user-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Temporary files of this request's multipart body; removed when the request ends. */
    uploadTemps: string[] | null;
  }
}

/** The profile photo comes as a base64 data URL (4/3 of the file's size) in a JSON body. */
export const PHOTO_BODY_LIMIT = Math.ceil((UPLOADS.maxFileBytes * 4) / 3) + LENGTHS.fileName + 1024;

/**
 * What a handler passes to services so that only files of its own multipart body are kept: a
 * JSON body cannot make a descriptor pointing at a file the parser did not write.
 */
export function receivedFiles(request: FastifyRequest): ReceivedFiles {
  return {
    isReceived: (value: unknown): value is UploadDescriptor => {
      const file = typeof value === 'object' && value !== null ? (value as { path?: unknown }).path : undefined;
      return typeof file === 'string' && (request.uploadTemps?.includes(file) ?? false);
    },
  };
}

/**
 * Multipart bodies: text fields as strings and files as `{ filename, mimetype, size, path }`
 * descriptors (the shape the contracts' uploads.ts reads), each file streamed to a temporary
 * folder with the size limit (413 above it). Whatever a service did not keep is removed before
 * the answer goes out, so a refused request leaves no file behind.
 *
 * The parser and its clean-up hooks are registered in the scope of the multipart calls only
 * (`multipartScope`, from routes/registry.ts): hooks of the whole app run on every request, and an
 * `onResponse` or `onRequestAbort` hook makes Fastify listen for the end of every response (issue 15:
 * the search's fixed work a request). A multipart body sent to any other route is refused (415) by
 * plugins/body-guard.ts before a byte is read, so no temporary file can come from elsewhere.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('uploadTemps', null);

  app.addHook('onRoute', (route) => {
    const config = route.config as { endpointId?: string } | undefined;
    if (config?.endpointId === endpoints.users.updatePhoto.id) route.bodyLimit = PHOTO_BODY_LIMIT;
  });
});

/** The multipart parser and the removal of a request's temporary files, in the multipart calls' scope. */
export async function multipartScope(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: UPLOADS.maxFileBytes, files: 10, fields: 60 },
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const temps = (this.uploadTemps ??= []);
      const descriptor = await scope.services.uploads.receive(part, (file) => temps.push(file), { body: this.raw });
      if (descriptor) (part as MultipartFile & { value?: unknown }).value = descriptor;
    },
  });

  const cleanup = async (request: FastifyRequest) => {
    const files = request.uploadTemps;
    if (!files?.length) return;
    request.uploadTemps = [];
    await scope.services.uploads.remove(files);
  };
  scope.addHook('onSend', async (request, _reply, payload) => {
    await cleanup(request);
    return payload;
  });
  scope.addHook('onResponse', cleanup);
  // A client that goes away mid-body gets no answer: its temporary files go all the same.
  scope.addHook('onRequestAbort', cleanup);
}
