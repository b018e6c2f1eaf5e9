import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer kept as the bytes the route's serialiser wrote (which the tests check against its schema), gzipped once
 * for clients that take gzip (browsers): a read of something that has not changed is neither serialised nor compressed
 * again (the group list, a filled questionnaire, an object's score; issue 11).
 */
export interface KeptJson {
  plain: Buffer;
  gzip?: Buffer;
}

/** Whether an Accept-Encoding header takes gzip (named without q=0, or `*`). */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  String(header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(';'))
    .some(([name, ...params]) => (name === 'gzip' || name === '*') && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)));

/** Writes `value` with the serialiser of the route `reply` answers for (its 200 schema). */
export const keepJson = (reply: FastifyReply, value: unknown): KeptJson => ({ plain: Buffer.from(reply.serialize(value) as string) });

/** Sends kept bytes as JSON, gzipped when the client takes it. */
export const sendKeptJson = (request: FastifyRequest, reply: FastifyReply, kept: KeptJson) => {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(kept.plain as never);
  kept.gzip ??= gzipSync(kept.plain);
  return reply.header('content-encoding', 'gzip').send(kept.gzip as never);
};
