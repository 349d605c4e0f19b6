import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type AnySchema = z.core.$ZodType;
type Def = Record<string, unknown> & { type: string };

const strictened = new WeakMap<AnySchema, AnySchema>();

/**
 * The request body schema with every object in it refusing keys it does not declare (zod's default drops them):
 * a client that sends a field a route does not know (a misspelt name, a feature this version lacks) learns it at
 * once from a 400 naming the field, instead of a 200 that silently ignored it (decision 0069). Objects that accept
 * any key (a record, a `looseObject`) keep doing so; refinements and transforms are kept, as each schema is cloned
 * from its own definition.
 */
export function strictRequestSchema<T extends AnySchema>(schema: T): T {
  const known = strictened.get(schema);
  if (known) return known as T;
  const strict = strictenDeep(schema);
  strictened.set(schema, strict);
  return strict as T;
}

function strictenDeep(schema: AnySchema): AnySchema {
  const def = schema._zod.def as unknown as Def;
  const clone = (changes: Record<string, unknown>) =>
    (schema as unknown as { clone(def: unknown): AnySchema }).clone({ ...def, ...changes });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, AnySchema>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictenDeep(value)]));
      return clone({ shape: strictShape, catchall: def.catchall ?? z.never() });
    }
    case 'array':
      return clone({ element: strictenDeep(def.element as AnySchema) });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return clone({ innerType: strictenDeep(def.innerType as AnySchema) });
    case 'pipe':
      return clone({ in: strictenDeep(def.in as AnySchema) });
    case 'union':
      return clone({ options: (def.options as AnySchema[]).map(strictenDeep) });
    default:
      return schema;
  }
}

/** The zod validator of every route, with request bodies made strict. */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<AnySchema> = (route) =>
  validatorCompiler({ ...route, schema: route.httpPart === 'body' ? strictRequestSchema(route.schema) : route.schema });
