import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import { checkedKey } from './file-store.ts';

export interface S3FileStoreOptions {
  /** The service's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO/Ceph/Garage node; unset: AWS by region. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most S3-compatible servers want it). */
  forcePathStyle: boolean;
  /** Put before every key (e.g. `ecore/`), so that one bucket can hold several portals' files. */
  prefix?: string | undefined;
}

/**
 * Files in an S3-compatible bucket (FILE_STORE=s3), so that every node of a portal sees the same attachments.
 * A PUT of S3 is atomic: the object becomes visible under its key only when all bytes have arrived, so an
 * interrupted upload never leaves a half file (the port's promise); the caller stores the reference after put.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore & { close(): void } {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 header on every PUT, validated on
    // every GET) is not understood by every S3-compatible server; the bytes are signed (SigV4) either way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => `${options.prefix ?? ''}${checkedKey(key)}`;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/octet-stream' }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async remove(key) {
      // DELETE of an unknown key answers 204 on S3: unknown keys are ignored, as the port says.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
