import * as z from 'zod/mini';
import { apiErrors } from '../contract/errors';
import { errorBodySchema } from '../contract/responses';
import { routeTable } from '../contract/routes';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonObject;
  return rest;
}

const jsonContent = (schema: z.ZodMiniType) => ({
  'application/json': { schema: jsonSchema(schema) },
});

/**
 * The OpenAPI 3.1 document, built from the contract's route table and schemas. Kept out of the
 * first load: the API imports this module only when /api/openapi.json is asked for.
 */
export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routeTable) {
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      const { properties = {} } = jsonSchema(route.query) as { properties?: JsonObject };
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: false, schema: schema as { type: string } });
      }
    }
    const responses: JsonObject = {
      [route.status]: { description: 'Success', content: jsonContent(route.response) },
    };
    for (const name of route.errors) {
      const { status, message } = apiErrors[name];
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description} / ${message}` : message,
        content: jsonContent(errorBodySchema),
      };
    }
    paths[route.path] = {
      ...paths[route.path],
      [route.method.toLowerCase()]: {
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        ...(route.auth ? { security: [{ token: [] }] } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.body
          ? { requestBody: { required: true, content: jsonContent(route.body) } }
          : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CodeTube API', version: '1.0.0' },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'authorization' },
      },
    },
    paths,
  };
}
