import type { FastifyReply } from 'fastify';
import type { TableFile } from '@ecore/adapters/exports/table-file.ts';

/** Sends a file as a download whose name says what it is (ARCHITECTURE.md "API conventions"). */
export const sendDownload = (reply: FastifyReply, file: TableFile, baseName: string, date: Date) => {
  const name = `${baseName}-${date.toISOString().slice(0, 10)}.${file.extension}`;
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
};
