import { MatchersV3, type PactV4 } from '@pact-foundation/pact';

type RequestBuilder = Parameters<NonNullable<Parameters<ReturnType<PactV4['addInteraction']>['withRequest']>[2]>>[0];
type Headers = Parameters<RequestBuilder['headers']>[0];

/** A file part of a form: what the api client appends and what the pact stores. */
export type FormFile = { field: string; filename: string; type: string; content: Buffer };

const BOUNDARY = 'carpool-pact-boundary';

/** The smallest PDF the provider recognises by its bytes (a scanned document in the real app). */
export const examplePdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A File for the api client, with the same bytes the pact expects. */
export const toFile = (file: FormFile) => new File([new Uint8Array(file.content)], file.filename, { type: file.type });

function encode(fields: Record<string, string>, files: FormFile[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * A multipart/form-data request: the client's boundary differs from the pact's, so the content
 * type is matched by pattern; every text field must equal its example and every file must have
 * its type. Pact's own `multipartBody` takes a single file part and the provider verification
 * would send just that, so the whole form is written here (the verifier sends it as it is).
 */
export function withMultipartBody(
  builder: RequestBuilder,
  headers: Headers,
  fields: Record<string, string>,
  files: FormFile[] = [],
): RequestBuilder {
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  return builder
    .headers({ ...headers, 'Content-Type': MatchersV3.regex(/^multipart\/form-data; ?boundary=.+$/, contentType) })
    .body(contentType, encode(fields, files))
    .matchingRules({
      // The body's content-type rule would cascade to every part: each part gets its own rule.
      body: [
        ...Object.entries(fields).map(([name, value]) => ({ path: `$['${name}']`, rules: [MatchersV3.equal(value)] })),
        ...files.map((file) => ({ path: `$['${file.field}']`, rules: [MatchersV3.contentType(file.type)] })),
      ],
    });
}
