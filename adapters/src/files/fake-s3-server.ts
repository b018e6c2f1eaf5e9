import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible server for tests, in the test's process: the few calls the S3 file store makes (PUT, GET,
 * DELETE of an object, path style) over real HTTP, so that the AWS SDK's requests (signing, errors, bodies) are
 * exercised as against a real service. Like S3, an object is stored only when its whole body has arrived.
 */
export interface FakeS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key (without the bucket). */
  objects: Map<string, Uint8Array>;
  /** While true, every upload is cut off after half of its body (a lost connection), as a test of "never half-stored". */
  breakUploads: boolean;
  /** Requests answered, by method. */
  requests: Record<string, number>;
  close(): Promise<void>;
}

const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

export async function startFakeS3Server(bucket = 'ecore-files'): Promise<FakeS3Server> {
  const accessKeyId = 'ECORETESTKEY';
  const secretAccessKey = 'ecore-test-secret-key';
  const state = { objects: new Map<string, Uint8Array>(), breakUploads: false, requests: {} as Record<string, number> };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    state.requests[method] = (state.requests[method] ?? 0) + 1;
    // SigV4 is checked as far as the caller's key: a request signed with another key (or none) is refused.
    if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      req.resume();
      return xmlError(res, 403, 'AccessDenied', 'Access Denied');
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3.local').pathname);
    const [, bucketName, ...rest] = path.split('/');
    const key = rest.join('/');
    if (bucketName !== bucket) {
      req.resume();
      return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (method === 'PUT') {
      const expected = Number(req.headers['content-length'] ?? -1);
      const chunks: Buffer[] = [];
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (state.breakUploads && received >= expected / 2) req.socket.destroy();
      });
      req.on('end', () => {
        if (expected >= 0 && received !== expected) return xmlError(res, 400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
        state.objects.set(key, new Uint8Array(Buffer.concat(chunks)));
        res.writeHead(200, { etag: `"${received}"` });
        res.end();
      });
      return;
    }
    req.resume();
    if (method === 'GET') {
      const bytes = state.objects.get(key);
      if (!bytes) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.byteLength });
      return res.end(bytes);
    }
    if (method === 'DELETE') {
      state.objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    get objects() {
      return state.objects;
    },
    get breakUploads() {
      return state.breakUploads;
    },
    set breakUploads(value: boolean) {
      state.breakUploads = value;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
