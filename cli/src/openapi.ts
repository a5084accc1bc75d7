import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REQUIRED_IN_DOCUMENT } from '@hireloop/platform/http/errors';

/** Marks, between the two transforms, a request body the route accepts absent. */
const OPTIONAL_BODY = 'x-hireloop-optional-body';

/**
 * A route's schema key naming the file field of a multipart upload (`'resume'`): such a route has
 * no body schema (the file is streamed, not validated as JSON), so the document would show no
 * body at all; the finished document gets a multipart one with that field required.
 */
export const MULTIPART_FILE = 'x-multipart-file';
const MULTIPART_MARK = 'x-hireloop-multipart-file';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

/**
 * The zod schemas as JSON schemas (fastify-type-provider-zod), remembering which bodies may be
 * left out: @fastify/swagger marks every declared body required.
 */
export const openApiTransform: Transform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const body = (document.schema as { body?: { safeParse?: (value: unknown) => { success: boolean } } } | undefined)?.body;
  const jsonBody = (transformed.schema as { body?: Record<string, unknown> } | undefined)?.body;
  if (jsonBody && body?.safeParse?.(undefined).success) jsonBody[OPTIONAL_BODY] = true;
  const file = (document.schema as Record<string, unknown> | undefined)?.[MULTIPART_FILE];
  if (typeof file === 'string') {
    const schema = { ...(transformed.schema as Record<string, unknown>) };
    delete schema[MULTIPART_FILE];
    // Carried to the finished document in the summary's place-holder key, which @fastify/swagger copies as is.
    return { ...transformed, schema: { ...schema, [MULTIPART_MARK]: file } } as typeof transformed;
  }
  return transformed;
};

type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> } } & Record<string, unknown>;

/** The finished document, with the bodies marked by openApiTransform no longer required. */
export const openApiTransformObject: TransformObject = (document) => {
  const spec = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  for (const pathItem of Object.values((spec as { paths?: Record<string, Record<string, Operation>> }).paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      // A parameter the route checks itself is required all the same (platform/http/errors REQUIRED_IN_DOCUMENT).
      for (const parameter of (operation.parameters ?? []) as Array<{ required?: boolean; schema?: Record<string, unknown> }>) {
        if (!parameter.schema?.[REQUIRED_IN_DOCUMENT]) continue;
        delete parameter.schema[REQUIRED_IN_DOCUMENT];
        parameter.required = true;
      }
      const file = operation[MULTIPART_MARK];
      if (typeof file === 'string') {
        delete operation[MULTIPART_MARK];
        operation.requestBody = {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: [file], properties: { [file]: { type: 'string', format: 'binary' } } } } },
        };
      }
      const media = Object.values(operation.requestBody?.content ?? {});
      if (!media.some((item) => item.schema?.[OPTIONAL_BODY])) continue;
      for (const item of media) delete item.schema?.[OPTIONAL_BODY];
      operation.requestBody!.required = false;
    }
  }
  return spec;
};
