import { expect } from 'vitest';
import type { RawData } from 'ws';
import { socketContract } from '#server/lib/realtime/socket-contract.ts';

/**
 * Every message a test socket receives is checked against the contract (openapi/realtime.yaml's
 * SocketServerMessage, compiled from the bundled OpenAPI document as the server compiles its
 * commands): one that breaks it is recorded, and `expectSocketContractKept` (each socket test
 * file's afterEach) fails the test that received it.
 */
const contract = await socketContract();
const violations: string[] = [];

/** What is wrong with a message the server sent, or null when it keeps the contract. */
export function socketMessageProblem(message: unknown): string | null {
  if (contract.serverMessage(message)) return null;
  const type = message && typeof message === 'object' && 'type' in message ? message.type : undefined;
  const member = typeof type === 'string' ? contract.serverMessages.get(type) : undefined;
  if (!member) return `${JSON.stringify(type)} is not a message type of the contract`;
  member(message);
  return (member.errors ?? [])
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`,
    )
    .join('; ');
}

/** Parses a frame from the server, noting it if it breaks the contract. */
export function receivedMessage<T>(data: RawData | string): T {
  const message: unknown = JSON.parse(String(data));
  const problem = socketMessageProblem(message);
  if (problem) violations.push(`${JSON.stringify(message).slice(0, 300)}: ${problem}`);
  return message as T;
}

/** Fails when a message received since the last call broke the contract. */
export function expectSocketContractKept() {
  const found = violations.splice(0);
  expect(found, 'socket messages outside openapi/realtime.yaml SocketServerMessage').toEqual([]);
}
