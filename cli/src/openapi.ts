import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Marks, between the two transforms, a request body the route accepts absent. */
const OPTIONAL_BODY = 'x-hireloop-optional-body';

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
  return transformed;
};

type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> } };

/** The finished document, with the bodies marked by openApiTransform no longer required. */
export const openApiTransformObject: TransformObject = (document) => {
  const spec = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  for (const pathItem of Object.values((spec as { paths?: Record<string, Record<string, Operation>> }).paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const media = Object.values(operation.requestBody?.content ?? {});
      if (!media.some((item) => item.schema?.[OPTIONAL_BODY])) continue;
      for (const item of media) delete item.schema?.[OPTIONAL_BODY];
      operation.requestBody!.required = false;
    }
  }
  return spec;
};
