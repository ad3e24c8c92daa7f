import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { SocketClientCommand, SocketServerMessage } from '#domain/socket-messages.ts';
import { loadOpenapiDocument } from '#server/openapi.ts';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** The id the contract's components are known by to Ajv. */
const CONTRACT_ID = 'repforge-openapi';

export interface SocketContract {
  /** One validator per command type (so an error names the field of that command), by type. */
  commands: ReadonlyMap<string, ValidateFunction<SocketClientCommand>>;
  /** Any command of the union. */
  command: ValidateFunction<SocketClientCommand>;
  /** Any message the server may send. */
  serverMessage: ValidateFunction<SocketServerMessage>;
  /** One validator per server message type, for an error that names the field. */
  serverMessages: ReadonlyMap<string, ValidateFunction<SocketServerMessage>>;
}

type Schema = { oneOf?: { $ref?: string }[] };
type Member = { properties?: { type?: { enum?: unknown[]; const?: unknown } } };

let compiled: Promise<SocketContract> | null = null;

/**
 * The socket's schemas (openapi/realtime.yaml's SocketClientCommand and SocketServerMessage) compiled
 * from the bundled OpenAPI document, once per process: the server checks commands with them, its tests
 * every message.
 */
export function socketContract(): Promise<SocketContract> {
  compiled ??= compileSocketContract();
  return compiled;
}

async function compileSocketContract(): Promise<SocketContract> {
  const doc = await loadOpenapiDocument();
  const schemas = (doc.components as { schemas: Record<string, Schema & Member> }).schemas;
  // Not Ajv's discriminator keyword (it refuses the mapping the generated types need): oneOf alone
  // tells the members apart, as each allows one `type`.
  const ajv = addFormats(new Ajv({ allErrors: false, strict: false }));
  ajv.addSchema({ $id: CONTRACT_ID, components: doc.components }, CONTRACT_ID);
  // Each validator is compiled when first used: compiling the whole union at start was seconds of a
  // restart's CPU, and a server only ever checks the few commands its clients send.
  const compile = <T>(name: string) => onFirstUse(() => ajv.compile<T>({ $ref: `${CONTRACT_ID}#/components/schemas/${name}` }));

  // A union's members by the one `type` each allows.
  const byType = <T>(union: string) => {
    const members = new Map<string, ValidateFunction<T>>();
    for (const { $ref } of schemas[union]?.oneOf ?? []) {
      const name = $ref?.split('/').pop() ?? '';
      const tag = schemas[name]?.properties?.type;
      const type = tag?.const ?? tag?.enum?.[0];
      if (typeof type !== 'string' || members.has(type)) throw new Error(`${union} member ${name} has no type of its own`);
      members.set(type, compile<T>(name));
    }
    if (members.size === 0) throw new Error(`${union} is not in the contract`);
    return members;
  };
  return {
    commands: byType<SocketClientCommand>('SocketClientCommand'),
    command: compile<SocketClientCommand>('SocketClientCommand'),
    serverMessage: compile<SocketServerMessage>('SocketServerMessage'),
    serverMessages: byType<SocketServerMessage>('SocketServerMessage'),
  };
}

/** A validator that compiles on its first call and then behaves as Ajv's (its `.errors` included). */
function onFirstUse<T>(compile: () => ValidateFunction<T>): ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const ok = compiled(data);
    validate.errors = compiled.errors;
    return ok;
  }) as ValidateFunction<T>;
  validate.errors = null;
  return validate;
}
