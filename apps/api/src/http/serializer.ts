import fastJsonStringify from 'fast-json-stringify';

type Serialize = (document: unknown) => string;

/**
 * Fastify's response serialiser compiler (fast-json-stringify, as its default), keeping what it
 * compiled per schema object for the life of the process. The route schemas are module constants,
 * so an app built again in the same process (the test suite builds one per test file) reuses them
 * instead of generating the same code again (about half of an app's start-up time); a production
 * process builds one app and compiles each schema once, as before. No shared schemas are
 * registered (no `addSchema`), so a serialiser depends on its schema alone.
 */
const compiled = new WeakMap<object, Serialize>();

export function cachedSerializerCompiler({ schema }: { schema: object }): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}
